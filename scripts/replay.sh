#!/usr/bin/env bash
# replay.sh scores editkit on edits from real history: for each git
# directory given, it turns the repository's recent commits into edit cases
# with the replay tool (../shared/tools/replay, or $REPLAY), damaged the way
# models damage search text, and replays them through the CLI; then the
# same history as apply_patch cases (scripts/patchcases) and as edit_file
# snippets (scripts/snippetcases).
#
#   scripts/replay.sh /path/to/gin.git /path/to/requests.git ...
#
# The corpora go to a temporary directory (or $OUT) and are not kept in the
# repository: they are other projects' code. BENCHMARKS.md has the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
replay=${REPLAY:-$(cd ../shared/tools/replay 2>/dev/null && pwd)}
if [ -z "$replay" ] || [ ! -f "$replay/main.go" ]; then
	echo "replay tool not found; set REPLAY to its directory" >&2
	exit 2
fi
out=${OUT:-$(mktemp -d)}
commits=${COMMITS:-600}
perkind=${PER_KIND:-150}
seed=${SEED:-1}
go build -o "$out/editkit" ./examples/editkit
for git in "$@"; do
	name=$(basename "$(dirname "$git")")-$(basename "$git" .git)
	cases="$out/$name.jsonl"
	echo "== $name"
	(cd "$replay" && go run . gen -git "$git" -n "$commits" -max "$perkind" -seed "$seed" -out "$cases" >/dev/null)
	(cd "$replay" && go run . check "$cases")
	(cd "$replay" && go run . run -cases "$cases" -cli "$out/editkit")
	# apply_patch cases, from the project's own generator.
	patches="$out/$name-patch.jsonl"
	go run ./scripts/patchcases -git "$git" -n "$commits" -max "$perkind" -seed "$seed" -out "$patches" >/dev/null
	(cd "$replay" && go run . run -cases "$patches" -cli "$out/editkit")
	# edit_file cases (lazy snippets), from the project's own generator.
	snippets="$out/$name-snippet.jsonl"
	go run ./scripts/snippetcases -git "$git" -n "$commits" -max "$perkind" -seed "$seed" -out "$snippets" >/dev/null
	(cd "$replay" && go run . run -cases "$snippets" -cli "$out/editkit")
done
echo "corpora and CLI in $out"
