package editkit

import (
	"context"
	"slices"
	"strings"

	"github.com/editkit/editkit/internal/buffer"
)

// A Match is one location a [Replacer] accepts for a search text: the byte
// span of the content it would replace.
type Match struct {
	Start, End int
	// Fit rewrites the replacement so that it reads like the matched text:
	// re-indented in the file's indent characters when indentation was
	// ignored, unescaped when escapes were, and so on. Nil means the
	// replacement is used as given.
	Fit func(replace string) string
}

// DefaultThreshold is the least similarity a fuzzy match needs when a
// request gives none.
const DefaultThreshold = 0.7

// A Query is what a [Replacer] is asked: where Search sits in Content.
type Query struct {
	// Content is the text searched, with "\n" line ends. A Replacer run by
	// [Replace] or an [Editor] gets it filled in.
	Content string
	// Search is the text to find, with "\n" line ends.
	Search string
	// Threshold is the least similarity, 0 to 1, a fuzzy match needs; 0
	// means DefaultThreshold.
	Threshold float64
	// Multiple says the caller will replace every location found (or an
	// expected number of them); fuzzy replacers then find nothing.
	Multiple bool

	buf  *buffer.Buffer // Content, indexed by lines
	prep *searchLines
	work *budget // what the fuzzy replacers may still spend, and the context
	// replace is the replacement, when the caller gave one: some built-in
	// replacers read which way an ambiguous search was meant from it.
	replace string
}

// Context is the context of the request the query serves; a replacer that
// may take long should stop when it is done.
func (q *Query) Context() context.Context { return q.budget().ctx }

func (q *Query) budget() *budget {
	if q.work == nil {
		q.work = newBudget(context.Background(), 0)
	}
	return q.work
}

func (q *Query) buffer() *buffer.Buffer {
	if q.buf == nil {
		q.buf = buffer.New(q.Content)
	}
	return q.buf
}

func (q *Query) threshold() float64 {
	if q.Threshold <= 0 {
		return DefaultThreshold
	}
	return q.Threshold
}

func (q *Query) lines() *searchLines {
	if q.prep == nil {
		q.prep = splitSearch(q.Search)
	}
	return q.prep
}

// searchLines is the search text as whole lines.
type searchLines struct {
	lines  []string // without line ends
	endsNL bool     // the search ended with a newline
}

func splitSearch(s string) *searchLines {
	p := &searchLines{endsNL: strings.HasSuffix(s, "\n")}
	p.lines = strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return p
}

// A Replacer finds where a search text sits in content. Find returns every
// distinct location it accepts, as spans — never a matched string to be
// searched for again, which is how other tools end up editing a different
// place than the one they matched. It returns nil when it finds nothing, or
// when the query is not one it answers.
type Replacer interface {
	// Name is the stable name results report.
	Name() string
	Find(q *Query) []Match
}

// A Chain tries its replacers in order; the first to find anything decides.
// It is itself a Replacer, so chains nest.
type Chain []Replacer

// DefaultChain returns the built-in replacers in their default order, from
// strict to lax: exact, line-numbered, trailing-whitespace, line-trimmed,
// indentation-flexible, whitespace-normalized, unicode-normalized,
// escape-normalized, trimmed-boundary, blank-lines-ignored, block-anchor,
// context-aware and multi-occurrence. See the package documentation for what each accepts.
func DefaultChain() Chain {
	return Chain{
		exact{}, lineNumbered{}, lineTier{"trailing-whitespace", buffer.TrimRight}, lineTrimmed{},
		indentationFlexible{}, lineTier{"whitespace-normalized", buffer.Collapse}, unicodeNormalized{},
		escapeNormalized{}, trimmedBoundary{}, blankLines{}, blockAnchor{}, contextAware{}, multiOccurrence{},
	}
}

// Name is "chain".
func (c Chain) Name() string { return "chain" }

// Find returns the matches of the first replacer that finds any.
func (c Chain) Find(q *Query) []Match {
	_, m := c.find(q)
	return m
}

// Without returns the chain without the replacers of the given names.
func (c Chain) Without(names ...string) Chain {
	return slices.DeleteFunc(slices.Clone(c), func(r Replacer) bool { return slices.Contains(names, r.Name()) })
}

// names lists the replacers' names.
func (c Chain) names() []string {
	n := make([]string, len(c))
	for i, r := range c {
		n[i] = r.Name()
	}
	return n
}

// find returns the name of the replacer that decided and its matches. It
// stops, finding nothing, when the query's context ends or a fuzzy
// replacer spends the query's budget: a laxer replacer must not decide
// what a stricter one could not finish weighing.
func (c Chain) find(q *Query) (string, []Match) {
	for _, r := range c {
		if q.budget().stopped() {
			return "", nil
		}
		if ch, ok := r.(Chain); ok {
			if name, m := ch.find(q); len(m) > 0 {
				return name, m
			}
			continue
		}
		if _, builtin := r.(interface{ builtin() }); !builtin && q.Content == "" && q.buf != nil {
			q.Content = q.buf.String() // a replacer of the caller's reads Content
		}
		if m := r.Find(q); len(m) > 0 && q.budget().err == nil {
			return r.Name(), m
		}
	}
	return "", nil
}

// maxCandidates bounds the locations a replacer reports when only one is
// wanted: more is ambiguous however many there are.
const maxCandidates = 50

func limitFor(q *Query) int {
	if q.Multiple {
		return 0
	}
	return maxCandidates
}
