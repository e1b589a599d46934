package editkit

import (
	"context"
	"errors"
)

// DefaultFuzzyBudget is the work the fuzzy replacers may spend on one
// search when [ReplaceOptions] gives no FuzzyBudget: steps of comparing
// lines character by character, a fraction of a second on a current
// machine. Real searches need a small part of it; a pathological one — a
// hundred long, nearly equal lines between exact first and last lines —
// stops there rather than running for minutes.
const DefaultFuzzyBudget = 250_000_000

// errTooCostly: the fuzzy search spent its budget without a decision.
var errTooCostly = errors.New("the fuzzy search spent its budget")

// A budget is the work one search may still do, and why it stopped, if it
// did: its context ended, or the work ran out.
type budget struct {
	ctx  context.Context
	left int64
	err  error
	tick int
}

func newBudget(ctx context.Context, work int64) *budget {
	if ctx == nil {
		ctx = context.Background()
	}
	if work <= 0 {
		work = DefaultFuzzyBudget
	}
	return &budget{ctx: ctx, left: work}
}

// spend takes n steps from the budget and reports whether the search may
// go on. The context is looked at every few hundred calls.
func (b *budget) spend(n int64) bool {
	if b.err != nil {
		return false
	}
	if b.left -= n; b.left < 0 {
		b.err = errTooCostly
		return false
	}
	if b.tick++; b.tick&255 == 0 {
		if err := b.ctx.Err(); err != nil {
			b.err = err
			return false
		}
	}
	return true
}

// stopped reports whether the search must end, looking at the context now.
func (b *budget) stopped() bool {
	if b.err == nil {
		b.err = b.ctx.Err()
	}
	return b.err != nil
}
