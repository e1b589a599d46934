package editkit_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/editkit/editkit"
	"github.com/editkit/editkit/internal/corpus"
	"github.com/editkit/editkit/internal/patchfmt"
)

var benchSizes = []int{1_000, 10_000, 100_000}

func benchCode(b testing.TB, n int) string {
	s, err := corpus.Lines(n)
	if err != nil {
		b.Skip(err)
	}
	return s
}

// BenchmarkReplaceAdversarial: inputs built to make a careless matcher
// quadratic. A 20,000-line file of "}" and blank lines searched for lines
// whose first and last are "}" (the re-indented one is found only by
// comparing every line, since "}" is on half of them); and a 1 MB file of
// one line.
func BenchmarkReplaceAdversarial(b *testing.B) {
	braces := strings.Repeat("}\n\n", 10_000)
	oneLine := strings.Repeat("abcdefgh ", 1<<20/9) + "\n"
	for _, c := range []struct {
		name, content, search string
	}{
		{"braces-20k-lines", braces, "}\n\n}\n\tx++\n}"},
		{"braces-20k-lines-typo", braces, "}\n\n}\n}\n\n}x"},
		{"braces-20k-lines-reindented", braces, "  }\n\n  }\n\n  }"},
		{"one-line-1MB-miss", oneLine, "abcdefgh abcdefgX"},
		{"one-line-1MB-ambiguous", oneLine, "abcdefgh abcdefgh"},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.content)))
			for b.Loop() {
				editkit.Replace(c.content, c.search, "y", editkit.ReplaceOptions{})
			}
		})
	}
}

// batchEdits picks n edits spread over content, in file order: unique runs
// of 1 to 3 lines, each given a comment and, every third, a new line.
func batchEdits(content string, n int) []editkit.Edit {
	lines := strings.SplitAfter(content, "\n")
	step := len(lines) / n
	var edits []editkit.Edit
	for i, next := 0, 0; i+3 < len(lines) && len(edits) < n; i++ {
		if i < next {
			continue
		}
		for k := 1; k <= 3; k++ {
			search := strings.Join(lines[i:i+k], "")
			if strings.TrimSpace(search) == "" || strings.Count(content, search) != 1 {
				continue
			}
			first := strings.TrimSuffix(lines[i], "\n")
			replace := first + " // edited\n" + strings.Join(lines[i+1:i+k], "")
			if len(edits)%3 == 0 {
				replace += "\tprobe()\n"
			}
			edits = append(edits, editkit.Edit{Search: search, Replace: replace})
			next = i + max(k, step-2) // a little denser than even, to reach n
			break
		}
	}
	return edits
}

// spellbook is a Markdown transcription of n spells, 25 lines each, as a PDF
// conversion leaves them: names and levels on plain lines.
func spellbook(n int) (string, []editkit.Edit) {
	var b strings.Builder
	var edits []editkit.Edit
	schools := []string{"Abjuration", "Conjuration", "Divination", "Enchantment", "Evocation", "Illusion"}
	for i := range n {
		name := fmt.Sprintf("Spell Number %d", i)
		level := fmt.Sprintf("Level %d %s (Bard, Cleric, Wizard)", i%9+1, schools[i%len(schools)])
		fmt.Fprintf(&b, "%s\n%s\nCasting Time: Action\nRange: %d feet\nComponents: V, S\nDuration: Instantaneous\n\n", name, level, 5*(i%12+1))
		for p := range 3 {
			fmt.Fprintf(&b, "The caster of spell %d makes the effect of paragraph %d happen\nto a creature within range, which makes a saving throw\nagainst the spell's effect or takes the damage.\n\n", i, p)
		}
		b.WriteString("At Higher Levels. The damage increases by 1d6 for each\nlevel above the first.\n\n")
		edits = append(edits, editkit.Edit{
			Label:   name,
			Search:  name + "\n" + level + "\n",
			Replace: "### " + name + "\n\n*" + level + "*\n\n",
		})
	}
	return b.String(), edits
}

// BenchmarkBatchEditBlocks is batch_edit_blocks end to end through an
// Editor: read, every edit with its diff, the final diff, the write.
func BenchmarkBatchEditBlocks(b *testing.B) {
	code := benchCode(b, 10_000)
	md, mdEdits := spellbook(400)
	for _, c := range []struct {
		name, content string
		edits         []editkit.Edit
	}{
		{"code-10k-lines-1000-edits", code, batchEdits(code, 1000)},
		{"markdown-10k-lines-400-edits", md, mdEdits},
	} {
		b.Run(c.name, func(b *testing.B) {
			var ws editkit.MemWorkspace
			ed := &editkit.Editor{Workspace: &ws}
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				ws.WriteFile("f", []byte(c.content), 0o644)
				b.StartTimer()
				res, err := ed.BatchEditBlocks(context.Background(), editkit.BatchEditBlocksRequest{Path: "f", Edits: c.edits})
				if err != nil || res.SuccessfulEdits != len(c.edits) {
					b.Fatalf("%d of %d edits: %v", res.SuccessfulEdits, len(c.edits), err)
				}
			}
			b.ReportMetric(float64(len(c.edits)), "edits")
		})
	}
}

// BenchmarkWriteFromLine replaces lines of a 100,000-line file through an
// Editor: a hundred lines in the middle, and everything after line 2,070.
func BenchmarkWriteFromLine(b *testing.B) {
	code := benchCode(b, 100_000)
	for _, c := range []struct {
		name       string
		start, end int
		content    string
	}{
		{"100k-lines-replace-100-in-the-middle", 50_000, 50_099, strings.Repeat("\tx++\n", 90)},
		{"100k-lines-replace-after-line-2070", 2070, 0, strings.Repeat("\ty--\n", 1000)},
	} {
		b.Run(c.name, func(b *testing.B) {
			var ws editkit.MemWorkspace
			ed := &editkit.Editor{Workspace: &ws}
			req := editkit.WriteFromLineRequest{Path: "f", StartLine: c.start, Content: c.content}
			if c.end > 0 {
				req.EndLine = &c.end
			}
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				ws.WriteFile("f", []byte(code), 0o644)
				b.StartTimer()
				if _, err := ed.WriteFromLine(context.Background(), req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLineRangeWriter is write_from_line on a string: the operation
// without reading, checking and writing a file.
func BenchmarkLineRangeWriter(b *testing.B) {
	code := benchCode(b, 100_000)
	lines := strings.Repeat("\tx++\n", 90)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := (editkit.LineRangeWriter{}).Replace(code, 50_000, 50_099, lines); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBatchEdit is batch_edit end to end: 10,000 operations (inserts,
// deletes and replaces, one every ten lines) on a 100,000-line file.
func BenchmarkBatchEdit(b *testing.B) {
	code := benchCode(b, 100_000)
	ops := make([]editkit.LineOperation, 0, 10_000)
	for i := range 10_000 {
		line := i*10 + 1
		content := fmt.Sprintf("\t// operation %d", i)
		switch i % 3 {
		case 0:
			ops = append(ops, editkit.LineOperation{Type: "insert", File: "f", Line: &line, Content: &content})
		case 1:
			end := line + 1
			ops = append(ops, editkit.LineOperation{Type: "delete", File: "f", StartLine: &line, EndLine: &end})
		default:
			ops = append(ops, editkit.LineOperation{Type: "replace", File: "f", StartLine: &line, Content: &content})
		}
	}
	var ws editkit.MemWorkspace
	ed := &editkit.Editor{Workspace: &ws}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		ws.WriteFile("f", []byte(code), 0o644)
		b.StartTimer()
		if _, err := ed.BatchEdit(context.Background(), editkit.BatchEditRequest{Operations: ops}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPatchTextFileContents patches 1,000 ranges of a 100,000-line
// file, each checked against its old text, end to end through an Editor.
func BenchmarkPatchTextFileContents(b *testing.B) {
	code := benchCode(b, 100_000)
	lines := strings.SplitAfter(code, "\n")
	var patches []editkit.StringPatch
	for i := range 1000 {
		start := i*100 + 1
		end := start + 1
		patches = append(patches, editkit.StringPatch{
			OldString: lines[start-1] + lines[end-1],
			NewString: "\t// patched\n",
			Ranges:    []editkit.PatchRange{{Start: start, End: &end}},
		})
	}
	var ws editkit.MemWorkspace
	ed := &editkit.Editor{Workspace: &ws}
	req := editkit.PatchTextFileContentsRequest{Files: []editkit.FilePatches{{FilePath: "f", Patches: patches}}}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		ws.WriteFile("f", []byte(code), 0o644)
		b.StartTimer()
		if _, err := ed.PatchTextFileContents(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

// benchResponse builds a model's response of about size bytes in format f:
// prose, then edit blocks of real code in fences, repeated.
func benchResponse(b *testing.B, f editkit.Format, size int) string {
	code := strings.SplitAfter(benchCode(b, 10_000), "\n")
	var sb strings.Builder
	for i := 0; sb.Len() < size; i++ {
		chunk := code[(i*37)%(len(code)-40):]
		old, ctx, repl := strings.Join(chunk[2:10], ""), strings.Join(chunk[:2], ""), strings.Join(chunk[10:16], "")
		fmt.Fprintf(&sb, "Next I change the handling in step %d, because the old code\nmisses the error case.\n\n", i)
		switch f {
		case editkit.FormatV3:
			fmt.Fprintf(&sb, "pkg/file%d.go\n```\n««« EDIT\n%s%s═══════ REPL\n%s%s»»» EDIT END\n```\n\n", i%20, ctx, old, ctx, repl)
		default:
			fmt.Fprintf(&sb, "pkg/file%d.go\n```go\n<<<<<<< SEARCH\n%s%s=======\n%s%s>>>>>>> REPLACE\n```\n\n", i%20, ctx, old, ctx, repl)
		}
	}
	return sb.String()
}

// BenchmarkParse parses a 1 MB response of edit blocks and prose, one-shot
// and streamed in 512-byte chunks as a model's tokens arrive.
func BenchmarkParse(b *testing.B) {
	for _, f := range []editkit.Format{editkit.FormatV3, editkit.FormatSearchReplace} {
		resp := benchResponse(b, f, 1<<20)
		b.Run(string(f)+"/oneshot", func(b *testing.B) {
			b.SetBytes(int64(len(resp)))
			b.ReportAllocs()
			for b.Loop() {
				if blocks, issues := editkit.ParseResponse(resp); len(blocks) == 0 || len(issues) > 0 {
					b.Fatalf("%d blocks, issues %v", len(blocks), issues)
				}
			}
		})
		b.Run(string(f)+"/stream", func(b *testing.B) {
			b.SetBytes(int64(len(resp)))
			b.ReportAllocs()
			for b.Loop() {
				var sp editkit.StreamParser
				for rest := resp; len(rest) > 0; {
					n := min(512, len(rest))
					sp.Feed(rest[:n])
					rest = rest[n:]
				}
				sp.Close()
			}
		})
	}
}

// BenchmarkApplyEditResponse applies a response of 100 SEARCH/REPLACE
// blocks, each quoting 10 lines of a 10,000-line file, end to end.
func BenchmarkApplyEditResponse(b *testing.B) {
	code := benchCode(b, 10_000)
	lines := strings.SplitAfter(code, "\n")
	var sb strings.Builder
	for i := 0; i < 100; i++ {
		// 10 lines that occur once, from every hundredth line on.
		for at := i * 100; at+10 < len(lines); at++ {
			blk := strings.Join(lines[at:at+10], "")
			if strings.Count(code, blk) == 1 {
				fmt.Fprintf(&sb, "Step %d.\n\nf.go\n```go\n<<<<<<< SEARCH\n%s=======\n%s\t// step %d\n>>>>>>> REPLACE\n```\n\n", i, blk, blk, i)
				break
			}
		}
	}
	req := editkit.ApplyEditResponseRequest{Response: sb.String()}
	var ws editkit.MemWorkspace
	ed := &editkit.Editor{Workspace: &ws}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		ws.WriteFile("f.go", []byte(code), 0o644)
		b.StartTimer()
		if _, err := ed.ApplyEditResponse(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWritePath is one exact one-line edit of a file on disk through
// a DirWorkspace, end to end: the locks, the read, the search, the
// temporary file written and synced, the swap, the check of the file it
// displaced, the commit record. Beside it: reading the file with
// os.ReadFile; the plain atomic write (a temporary file, synced, renamed
// over the file) that is the least a safe write costs; and rewriting the
// file in place with a sync, which is what a careless tool does.
func BenchmarkWritePath(b *testing.B) {
	for _, n := range benchSizes {
		content := benchCode(b, n)
		blk := corpus.UniqueBlock(content, 1)
		dir := b.TempDir()
		p := filepath.Join(dir, "f.go")
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
		ws, err := editkit.DirOptions{StateDir: b.TempDir()}.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		defer ws.Close()
		ed := &editkit.Editor{Workspace: ws}
		b.Run(fmt.Sprintf("edit_block/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(content)))
			cur, next := blk, strings.TrimSuffix(blk, "\n")+" // x\n"
			for b.Loop() {
				if _, err := ed.EditBlock(context.Background(), editkit.EditBlockRequest{Path: "f.go", Search: cur, Replace: next}); err != nil {
					b.Fatal(err)
				}
				cur, next = next, cur
			}
		})
		b.Run(fmt.Sprintf("os.ReadFile/%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(content)))
			for b.Loop() {
				if _, err := os.ReadFile(p); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("temp+sync+rename/%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(content)))
			for b.Loop() {
				f, err := os.CreateTemp(dir, ".tmp")
				if err != nil {
					b.Fatal(err)
				}
				f.WriteString(content)
				f.Sync()
				f.Close()
				if err := os.Rename(f.Name(), filepath.Join(dir, "atomic.go")); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("os.WriteFile+sync/%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(content)))
			for b.Loop() {
				f, err := os.OpenFile(filepath.Join(dir, "plain.go"), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
				if err != nil {
					b.Fatal(err)
				}
				f.WriteString(content)
				f.Sync()
				f.Close()
			}
		})
	}
}

// patchOf writes a unified diff of file name that changes every step-th
// line of lines, from line first on, n times, each hunk with three lines
// of context.
func patchOf(name string, lines []string, first, step, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n", name, name)
	for k := range n {
		at := first + k*step
		if at+4 > len(lines) {
			break
		}
		fmt.Fprintf(&b, "@@ -%d,7 +%d,7 @@\n", at-2, at-2)
		for _, l := range lines[at-3 : at] {
			b.WriteString(" " + l + "\n")
		}
		b.WriteString("-" + lines[at] + "\n")
		b.WriteString("+" + lines[at] + " // patched\n")
		for _, l := range lines[at+1 : at+4] {
			b.WriteString(" " + l + "\n")
		}
	}
	return b.String()
}

// BenchmarkApplyPatch is apply_patch through an Editor on an in-memory
// workspace, as a dry run (parse, locate every hunk, plan, diff): a
// 100-hunk patch of a 10,000-line file, and a patch of 10 files of 1,000
// lines with 5 hunks each. "parse" is the patch's parsing alone. The worst
// case, "tied-first-of-101-hunks", is the 100-hunk patch after a first
// hunk that fits four alike functions at the file's top: the rest is
// placed after each until two places hold, and the patch is refused.
func BenchmarkApplyPatch(b *testing.B) {
	code := benchCode(b, 10_000)
	lines := strings.Split(strings.TrimSuffix(code, "\n"), "\n")
	one := patchOf("big.go", lines, 50, 97, 100)
	var ten strings.Builder
	var ws editkit.MemWorkspace
	ws.WriteFile("big.go", []byte(code), 0o644)
	ws.WriteFile("tied.go", []byte(strings.Repeat("func tie() int {\n\treturn 1\n}\n", 4)+code), 0o644)
	tied := "--- a/tied.go\n+++ b/tied.go\n@@ -1,3 +1,3 @@\n func tie() int {\n-\treturn 1\n+\treturn 2\n }\n" +
		strings.SplitN(patchOf("tied.go", lines, 50, 97, 100), "\n", 3)[2]
	b.Run("tied-first-of-101-hunks", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := (&editkit.Editor{Workspace: &ws}).ApplyPatch(context.Background(), editkit.ApplyPatchRequest{Input: tied, DryRun: true}); !errors.Is(err, editkit.ErrAmbiguous) {
				b.Fatal(err)
			}
		}
	})
	for i := range 10 {
		part := lines[i*1000 : (i+1)*1000]
		name := fmt.Sprintf("f%d.go", i)
		ws.WriteFile(name, []byte(strings.Join(part, "\n")+"\n"), 0o644)
		ten.WriteString(patchOf(name, part, 40, 190, 5))
	}
	ed := &editkit.Editor{Workspace: &ws}
	for _, c := range []struct{ name, patch string }{{"100-hunks-10k-lines", one}, {"10-files-5-hunks", ten.String()}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res, err := ed.ApplyPatch(context.Background(), editkit.ApplyPatchRequest{Input: c.patch, DryRun: true})
				if err != nil {
					b.Fatal(res.Message)
				}
			}
		})
		b.Run(c.name+"/parse", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := patchfmt.Parse(c.patch); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
