// Widget modules import their stylesheets, which only Vite understands: check:configs reads their data declarations
// in plain Node, where a stylesheet import is an empty module.
export async function load(url, context, nextLoad) {
  if (/\.css(\?|$)/.test(url)) return { format: "module", source: "export default {};", shortCircuit: true };
  return nextLoad(url, context);
}
