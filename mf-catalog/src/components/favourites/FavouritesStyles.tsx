// Styles of the hearts, the favourites page and the recently viewed row, hoisted into <head> once
// (React 19 <style href precedence>), like CatalogStyles.
const css = `
.bzc-card{position:relative}
.bzc-fav{display:inline-flex;align-items:center;justify-content:center;width:44px;height:44px;padding:0;border:1px solid transparent;border-radius:50%;background:rgba(255,255,255,.92);color:var(--bz-danger);cursor:pointer;font:inherit}
.bzc-fav:hover{background:#fff;border-color:var(--bz-danger)}
.bzc-fav:focus-visible{outline:3px solid var(--bz-brand-dark);outline-offset:2px}
.bzc-fav--card{position:absolute;top:10px;right:10px;z-index:1;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.bzc-fav--page{border-color:var(--bz-border);background:#fff;flex:none}
.bzc-product__title{display:flex;align-items:flex-start;justify-content:space-between;gap:8px}
.bzc-favempty{display:flex;flex-direction:column;align-items:flex-start;gap:4px;padding:24px 0}
.bzc-favempty__title{font-size:18px;font-weight:600;margin:0}
.bzc-favhint{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;margin:0 0 12px;padding:12px;border-radius:var(--bz-radius);background:var(--bz-surface-alt)}.bzc-favhint p{margin:0;flex:1 1 240px}
.bzc-recent{margin:16px 0}
.bzc-row{list-style:none;margin:0;padding:4px 4px 12px;display:grid;grid-auto-flow:column;grid-auto-columns:minmax(150px,44%);gap:12px;overflow-x:auto;overscroll-behavior-x:contain;scroll-snap-type:x proximity}
.bzc-row>li{scroll-snap-align:start}
@media (min-width:640px){.bzc-row{grid-auto-columns:210px}}
`;

export function FavouritesStyles() {
  return (
    <style href="bozor-catalog-favourites" precedence="default">
      {css}
    </style>
  );
}
