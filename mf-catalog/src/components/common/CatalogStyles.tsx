// The catalogue's own style sheet, on top of the shared design system. React 19 hoists a <style>
// with href/precedence into <head> once, however many pages render it; no CSS loader is needed.
const css = `
.bzc-page{padding:16px;max-width:1200px;margin:0 auto}
.bzc-muted{color:var(--bz-muted)}
.bzc-skeleton{background:linear-gradient(90deg,#eceff2 25%,#f6f7f9 50%,#eceff2 75%);background-size:200% 100%;border-radius:var(--bz-radius);margin:8px 0;animation:bzc-sk 1.2s infinite}
@keyframes bzc-sk{to{background-position:-200% 0}}
@media (prefers-reduced-motion:reduce){.bzc-skeleton{animation:none}}
.bzc-crumbs ol{list-style:none;display:flex;flex-wrap:wrap;gap:4px;padding:0;margin:0 0 12px;font-size:14px}
.bzc-crumbs li+li::before{content:"›";margin-right:4px;color:var(--bz-muted)}
.bzc-grid{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}
@media (min-width:640px){.bzc-grid{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (min-width:1000px){.bzc-grid{grid-template-columns:repeat(4,minmax(0,1fr))}}
.bzc-card{display:flex;flex-direction:column;gap:4px;border:1px solid var(--bz-border);border-radius:var(--bz-radius);padding:8px;min-width:0}
.bzc-card__link{display:flex;flex-direction:column;gap:6px;color:var(--bz-text);text-decoration:none}
.bzc-card__img{position:relative;display:block;aspect-ratio:1;background:var(--bz-surface-alt);border-radius:var(--bz-radius);overflow:hidden}
.bzc-card__img img,.bzc-gallery__main img{width:100%;height:100%;object-fit:contain}
.bzc-card__buy{margin-top:auto;min-height:40px}
.bzc-card__name{font-size:14px;line-height:1.3;overflow-wrap:anywhere}
.bzc-card__price{display:flex;flex-wrap:wrap;gap:6px;align-items:baseline}
.bzc-old{color:var(--bz-muted);font-size:13px}.bzc-old .bz-price{font-weight:400}
.bzc-badge{position:absolute;top:6px;left:6px;background:var(--bz-danger);color:#fff;font-size:12px;font-weight:700;padding:2px 6px;border-radius:6px}
.bzc-stock{margin:4px 0;font-size:14px;font-weight:600}.bzc-stock--in{color:var(--bz-success)}.bzc-stock--few{color:#8a5300}.bzc-stock--out{color:var(--bz-danger)}
.bzc-product{display:grid;gap:16px}
@media (min-width:800px){.bzc-product{grid-template-columns:1fr 1fr}}
.bzc-product h1{font-size:22px;margin:0 0 8px}
.bzc-gallery__main{aspect-ratio:1;background:var(--bz-surface-alt);border-radius:var(--bz-radius);max-width:480px}
.bzc-gallery__thumbs{display:flex;gap:8px;margin-top:8px;flex-wrap:wrap}
.bzc-thumb{padding:0;border:2px solid var(--bz-border);border-radius:6px;background:#fff;cursor:pointer;width:52px;height:52px}
.bzc-thumb img{width:100%;height:100%;object-fit:contain}.bzc-thumb[aria-pressed=true]{border-color:var(--bz-brand)}
.bzc-buybox__price{font-size:24px;display:flex;gap:8px;align-items:baseline;flex-wrap:wrap;margin:8px 0}
.bzc-buybox__actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
.bzc-variants__group{border:0;padding:0;margin:8px 0;display:flex;flex-wrap:wrap;gap:8px}
.bzc-variants__group legend{font-size:14px;color:var(--bz-muted);margin-bottom:4px}
.bzc-chip{min-height:40px;padding:0 12px;border:1px solid var(--bz-border);border-radius:20px;background:#fff;font:inherit;cursor:pointer}
.bzc-chip--active{border-color:var(--bz-brand);background:#e6f2ee;color:var(--bz-brand-dark);font-weight:600}
.bzc-stepper{display:inline-flex;align-items:center;gap:8px}.bzc-stepper output{min-width:32px;text-align:center;font-weight:600}
.bzc-specs{display:grid;gap:0;margin:0}.bzc-specs div{display:flex;justify-content:space-between;gap:12px;border-bottom:1px solid var(--bz-border);padding:8px 0}
.bzc-specs dt{color:var(--bz-muted)}.bzc-specs dd{margin:0;text-align:right}
.bzc-catalog{display:grid;gap:16px}
@media (min-width:900px){.bzc-catalog{grid-template-columns:260px 1fr}}
.bzc-filters-box summary{list-style:none;margin-bottom:8px}.bzc-filters-box summary::-webkit-details-marker{display:none}
.bzc-filters fieldset{border:1px solid var(--bz-border);border-radius:var(--bz-radius);margin:0 0 12px;padding:8px 12px}
.bzc-filters label{display:flex;gap:8px;align-items:center;min-height:32px}
.bzc-filters .bzc-price{display:flex;gap:8px}.bzc-filters .bzc-price input{width:100%;min-width:0}
.bzc-toolbar{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;align-items:center;margin-bottom:12px}
.bzc-pages{display:flex;flex-wrap:wrap;gap:6px;list-style:none;padding:0;margin:16px 0}
.bzc-pages a{display:inline-flex;min-width:44px;min-height:44px;align-items:center;justify-content:center;border:1px solid var(--bz-border);border-radius:var(--bz-radius);text-decoration:none}
.bzc-pages a[aria-current=page]{background:var(--bz-brand);color:#fff;border-color:var(--bz-brand)}
.bzc-empty{padding:32px 0;text-align:center;color:var(--bz-muted)}
.bzc-row{display:flex;gap:12px;overflow-x:auto;list-style:none;padding:0;margin:0}
.bzc-row>li{flex:0 0 auto}
.bzc-slides{display:grid;gap:12px;grid-auto-flow:column;grid-auto-columns:minmax(280px,1fr);overflow-x:auto;list-style:none;padding:0;margin:0 0 16px}
.bzc-slide-skeleton{aspect-ratio:2/1;max-width:100%;width:min(100%,600px);border-radius:12px;background:#eceff2;margin-bottom:16px}
.bzc-slide{display:block;position:relative;border-radius:12px;overflow:hidden;background:var(--bz-brand-dark);color:#fff;text-decoration:none;aspect-ratio:2/1}
.bzc-slide img{width:100%;height:100%;object-fit:cover;opacity:.45}
.bzc-slide span{position:absolute;left:16px;bottom:12px;right:16px}.bzc-slide strong{display:block;font-size:18px}
.bzc-tiles{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:12px}
.bzc-tiles a{display:flex;flex-direction:column;align-items:center;gap:6px;padding:12px;border:1px solid var(--bz-border);border-radius:var(--bz-radius);text-decoration:none;color:var(--bz-text);text-align:center}
.bzc-prose{line-height:1.6;overflow-wrap:anywhere}.bzc-prose table{display:block;overflow-x:auto}
.bzc-cover{width:100%;height:auto;border-radius:12px}
.bzc-blogs,.bzc-markets,.bzc-cats{list-style:none;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.bzc-blogs img{width:100%;height:auto;border-radius:var(--bz-radius)}.bzc-blogs h2,.bzc-markets h2,.bzc-cats h2{font-size:18px}
.bzc-markets li{border:1px solid var(--bz-border);border-radius:12px;padding:12px 16px}.bzc-markets p{margin:4px 0}
.bzc-markets-map{height:360px;margin:0 0 16px;border-radius:12px;overflow:hidden;background:var(--bz-surface-alt)}@media (max-width:600px){.bzc-markets-map{height:280px}}
.bzc-suggest{position:relative}
.bzc-suggest ul{position:absolute;z-index:40;left:0;right:0;top:100%;background:#fff;border:1px solid var(--bz-border);border-radius:var(--bz-radius);list-style:none;margin:4px 0 0;padding:4px 0;max-height:60vh;overflow:auto}
.bzc-suggest li{padding:8px 12px;cursor:pointer}.bzc-suggest li[aria-selected=true]{background:var(--bz-surface-alt)}
`;

export function CatalogStyles() {
  return (
    <style href="bozor-catalog" precedence="default">
      {css}
    </style>
  );
}
