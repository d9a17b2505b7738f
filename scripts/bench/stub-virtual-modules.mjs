// Node module hooks for the bench: the console's model code reaches the i18n store, which imports Vite's
// virtual modules (`virtual:catalogs`, made by src/i18n/vite-plugin-catalogs.ts). Node cannot load a
// `virtual:` URL and the bench never words anything, so each one is an empty module here.
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('virtual:')) return { url: 'data:text/javascript,export default {}', shortCircuit: true };
  return next(specifier, context);
}
