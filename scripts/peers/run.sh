#!/usr/bin/env bash
# run.sh times editkit beside cline, the fastest of the peers on every case
# of the speed goal (issue 14's first measurement), on the same files.
#
#   scripts/peers/run.sh /path/to/cline.git
#
# It takes cline's matching code (src/core/assistant-message/diff.ts, at
# the last commit that has it, or $CLINE_COMMIT) from the git directory,
# builds it to ESM with esbuild from npm, and runs scripts/peers. Nothing
# of cline's is kept in this repository.
set -euo pipefail
cd "$(dirname "$0")/../.."
git=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=(apps/vscode/src/core/assistant-message/diff.ts src/core/assistant-message/diff.ts)
if [ -z "${CLINE_COMMIT:-}" ]; then
	# The last commit that has the file: the parent of the one that
	# removed it, if one did.
	CLINE_COMMIT=HEAD
	if gone=$(git --git-dir "$git" log -1 --format=%H --diff-filter=D HEAD -- "${files[@]}") && [ -n "$gone" ]; then
		CLINE_COMMIT=$gone^
	fi
fi
commit=$(git --git-dir "$git" rev-parse "$CLINE_COMMIT")
path=$(git --git-dir "$git" ls-tree --name-only "$commit" -- "${files[@]}")
git --git-dir "$git" show "$commit:$path" >"$work/diff.ts"
echo "cline $commit $path" >&2
npm exec --yes --prefix "$work" esbuild@0.28.2 -- "$work/diff.ts" --format=esm --outfile="$work/diff.mjs" --log-level=warning
go run ./scripts/peers -peer "node scripts/peers/cline.mjs $work/diff.mjs"
