// cline.mjs times cline's SEARCH/REPLACE matching (constructNewFileContent
// of its src/core/assistant-message/diff.ts, built to ESM by run.sh) on
// the speed cases: node cline.mjs <diff.mjs> <cases.json>. It prints one
// line per case: its name and the median nanoseconds of one call, or
// "error" when cline refused the search.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [modPath, casesPath] = process.argv.slice(2);
const { constructNewFileContent } = await import(pathToFileURL(modPath).href);
const runs = Number(process.env.RUNS || 9);
const cases = JSON.parse(readFileSync(casesPath, "utf8"));

// cline's format: each line of a block is a line followed by "\n".
const block = (search, replace) =>
  `------- SEARCH\n${search.replace(/\n$/, "")}\n=======\n${replace.replace(/\n$/, "")}\n+++++++ REPLACE`;

async function once(c, diff) {
  try {
    const out = await constructNewFileContent(diff, c.Content, true);
    // Reading a character flattens the string V8 built by concatenation,
    // as writing it to the file would.
    return out.charCodeAt(out.length >> 1);
  } catch {
    return -1;
  }
}

for (const c of cases) {
  const diff = block(c.Search, "\t// replaced\n");
  let n = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await once(c, diff);
    if (process.hrtime.bigint() - t0 >= 2_000_000n) break;
    n *= 2;
  }
  const ts = [];
  for (let r = 0; r < runs; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await once(c, diff);
    ts.push(Number(process.hrtime.bigint() - t0) / n);
  }
  ts.sort((a, b) => a - b);
  console.log(`${c.Name} ${ts[Math.floor(ts.length / 2)]}`);
}
