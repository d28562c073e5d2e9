// The command line of the scripts (bench, load, screenshot, new-content), read by node:util parseArgs.
import { parseArgs } from "util";

/**
 * `parseArgs` with the options given, plus `--help` (or -h), which prints `usage` and exits. A mistake (an option
 * the script does not take, a value missing, an argument where none is taken) is answered with one line and the
 * usage on standard error, exit code 2.
 * parseArgs' strict mode would refuse the same mistakes, but with messages written for developers ("Unknown option
 * '--x'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as
 * in '-- "--x"'"), and without the usage: the tokens it returns are checked here instead.
 */
export function commandLine(usage, { options, allowPositionals = false, args = process.argv.slice(2) }) {
  const all = { ...options, help: { type: "boolean", short: "h" } };
  const { values, positionals, tokens } = parseArgs({
    args,
    options: all,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const refuse = (line) => {
    console.error(`${line}\n\n${usage}`);
    process.exit(2);
  };
  if (values.help === true) {
    console.log(usage);
    process.exit(0);
  }
  for (const token of tokens) {
    if (token.kind === "positional" && !allowPositionals) refuse(`unexpected argument "${token.value}"`);
    if (token.kind !== "option") continue;
    const option = all[token.name];
    if (!option) refuse(`unknown option ${token.rawName}`);
    // a value missing, or the next option taken for it (`--out --full`)
    const value = token.value ?? "";
    if (option.type === "string" && (value === "" || (!token.inlineValue && value.startsWith("--"))))
      refuse(`${token.rawName} needs a value`);
    if (option.type === "boolean" && token.inlineValue) refuse(`${token.rawName} takes no value`);
  }
  return { values, positionals };
}
