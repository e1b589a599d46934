// Command peers times editkit's Replace on the cases of the speed goal
// beside a peer's own matching code, run by Node on the same files: it
// writes the cases (real Go source from GOROOT, see internal/corpus) as
// JSON, times Replace and one strings.Index scan of each, and runs the
// peer's script on the JSON; one table, medians of -runs timings.
//
//	go run ./scripts/peers -peer "node scripts/peers/cline.mjs /path/to/diff.mjs"
//
// The peer's code is not in this repository; run.sh fetches and builds it
// (see there). A peer's script reads the cases file named by its last
// argument and prints one line per case: the case's name and the
// nanoseconds one call took (its median), or "error" when it refused.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/editkit/editkit"
	"github.com/editkit/editkit/internal/corpus"
)

func main() {
	peer := flag.String("peer", "", "command that times a peer on the cases file given as its last argument")
	runs := flag.Int("runs", 9, "timings per case; the median is shown")
	flag.Parse()
	cases, err := corpus.SpeedCases(10_000, 100_000)
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "editkit-peers")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "cases.json")
	data, err := json.Marshal(cases)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		log.Fatal(err)
	}
	peerTimes := map[string]string{}
	if *peer != "" {
		peerTimes, err = runPeer(*peer, file, *runs)
		if err != nil {
			log.Fatal(err)
		}
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "case\tone scan\teditkit\tpeer\t")
	for _, c := range cases {
		scan := median(*runs, func() { strings.Index(c.Content, c.ScanFor) })
		ek := median(*runs, func() { editkit.Replace(c.Content, c.Search, "\t// replaced\n", editkit.ReplaceOptions{}) })
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t\n", c.Name, ms(scan), ms(ek), peerTimes[c.Name])
	}
	w.Flush()
}

// runPeer runs the peer's command on the cases file and reads its times.
func runPeer(command, file string, runs int) (map[string]string, error) {
	args := append(strings.Fields(command), file)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), "RUNS="+strconv.Itoa(runs))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", command, err)
	}
	times := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		name, v, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		if ns, err := strconv.ParseFloat(v, 64); err == nil {
			times[name] = ms(time.Duration(ns))
		} else {
			times[name] = v
		}
	}
	return times, sc.Err()
}

// median times f: each timing is a batch of calls long enough to measure
// (2 ms at least), divided by its calls; the median of runs timings.
func median(runs int, f func()) time.Duration {
	f() // warm up
	n := 1
	for {
		start := time.Now()
		for range n {
			f()
		}
		if time.Since(start) >= 2*time.Millisecond {
			break
		}
		n *= 2
	}
	var ds []time.Duration
	for range runs {
		start := time.Now()
		for range n {
			f()
		}
		ds = append(ds, time.Since(start)/time.Duration(n))
	}
	slices.Sort(ds)
	return ds[len(ds)/2]
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.3f ms", float64(d)/1e6)
}
