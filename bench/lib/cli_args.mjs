// Command-line options of the bench scripts: `--name value` pairs, each
// turned into o[key] by its converter; anything else is an error.
//   parseArgs(process.argv, {pages: 12}, {'--pages': ['pages', Number]})
export function parseArgs(argv, defaults, options) {
  const o = { ...defaults };
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i];
    if (!Object.hasOwn(options, a)) throw new Error('unknown option ' + a);
    if (i + 1 >= argv.length) throw new Error(a + ' needs a value');
    const [key, convert] = options[a];
    o[key] = convert(argv[++i]);
  }
  return o;
}
