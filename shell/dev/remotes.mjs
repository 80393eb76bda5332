// remotes.json for `pnpm dev`: every remote from its own rspack dev server.
export function devRemotes() {
  return {
    catalog: process.env.REMOTE_CATALOG_URL || 'http://localhost:3101/mf-manifest.json',
    cart: process.env.REMOTE_CART_URL || 'http://localhost:3102/mf-manifest.json',
    checkout: process.env.REMOTE_CHECKOUT_URL || 'http://localhost:3103/mf-manifest.json',
    account: process.env.REMOTE_ACCOUNT_URL || 'http://localhost:3104/mf-manifest.json',
  };
}
