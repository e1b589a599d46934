package text

// A Composer records edits made one after another, each to the text the
// previous ones produced, as one list of edits of the original text: what
// Apply needs to write the result while copying every untouched byte of the
// original. The zero value has recorded nothing.
//
// The edits are kept in a treap ordered by position, each subtree knowing
// how much its edits lengthen the text, so that an edit is placed in time
// logarithmic in the number recorded: a batch of n edits costs n log n,
// not n².
type Composer struct {
	root  *cnode
	seed  uint32
	edits []Edit // Edits' result, until the next Add
}

type cnode struct {
	e           Edit
	prio        uint32
	left, right *cnode
	delta       int // how much the subtree's edits lengthen the text
}

func (n *cnode) sum() int {
	if n == nil {
		return 0
	}
	return n.delta
}

func own(e Edit) int { return len(e.New) - (e.End - e.Start) }

func (n *cnode) fix() *cnode {
	n.delta = n.left.sum() + n.right.sum() + own(n.e)
	return n
}

// Add records that [start, end) of the current text became s. current
// returns slices of the current text (before this edit); it is called for
// the text of recorded edits this one overlaps, which merge with it.
// Edits that only touch it stay apart.
func (c *Composer) Add(start, end int, s string, current func(from, to int) string) {
	c.edits = nil
	// before: edits whose new text ends by start; after: edits whose new
	// text starts at end or later; mid: the edits this one overlaps.
	before, rest := splitEnd(c.root, start, 0)
	base := before.sum()
	mid, after := splitStart(rest, end, base)
	e := Edit{Start: start - base, End: end - base, New: s}
	if mid != nil {
		first, last := leftmost(mid), rightmost(mid)
		curStart := first.e.Start + base
		curEnd := last.e.End + base + mid.sum()
		from, to := min(start, curStart), max(end, curEnd)
		e.New = current(from, start) + s + current(end, to)
		if start >= curStart {
			e.Start = first.e.Start
		}
		if end <= curEnd {
			e.End = last.e.End
		} else {
			e.End = end - base - mid.sum()
		}
	}
	c.seed = c.seed*1664525 + 1013904223
	n := (&cnode{e: e, prio: c.seed}).fix()
	c.root = join(join(before, n), after)
}

// Edits returns the recorded edits as edits of the original text, sorted
// and not overlapping. The caller must not modify them.
func (c *Composer) Edits() []Edit {
	if c.edits == nil && c.root != nil {
		var walk func(*cnode)
		walk = func(n *cnode) {
			if n == nil {
				return
			}
			walk(n.left)
			c.edits = append(c.edits, n.e)
			walk(n.right)
		}
		walk(c.root)
	}
	return c.edits
}

// splitEnd splits t into the edits whose new text ends at or before pos
// and the others. base is how much the edits left of t lengthen the text.
func splitEnd(t *cnode, pos, base int) (l, r *cnode) {
	if t == nil {
		return nil, nil
	}
	curEnd := t.e.End + base + t.left.sum() + own(t.e)
	if curEnd <= pos {
		t.right, r = splitEnd(t.right, pos, base+t.left.sum()+own(t.e))
		return t.fix(), r
	}
	l, t.left = splitEnd(t.left, pos, base)
	return l, t.fix()
}

// splitStart splits t into the edits whose new text starts before pos and
// those that start at or after it.
func splitStart(t *cnode, pos, base int) (l, r *cnode) {
	if t == nil {
		return nil, nil
	}
	curStart := t.e.Start + base + t.left.sum()
	if curStart < pos {
		t.right, r = splitStart(t.right, pos, base+t.left.sum()+own(t.e))
		return t.fix(), r
	}
	l, t.left = splitStart(t.left, pos, base)
	return l, t.fix()
}

// join concatenates two treaps, every edit of a before every edit of b.
func join(a, b *cnode) *cnode {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case a.prio > b.prio:
		a.right = join(a.right, b)
		return a.fix()
	}
	b.left = join(a, b.left)
	return b.fix()
}

func leftmost(n *cnode) *cnode {
	for n.left != nil {
		n = n.left
	}
	return n
}

func rightmost(n *cnode) *cnode {
	for n.right != nil {
		n = n.right
	}
	return n
}
