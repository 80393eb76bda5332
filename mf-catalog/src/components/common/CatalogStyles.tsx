// The catalogue's own style sheet, on top of the shared design system. React 19 hoists a <style>
// with href/precedence into <head> once, however many pages render it; no CSS loader is needed.
const css = `
.bzc-page{padding:16px;max-width:1200px;margin:0 auto}
.bzc-wrap-anywhere{overflow-wrap:anywhere;word-break:break-word}
.bzc-muted{color:var(--bz-muted)}
.bzc-skeleton{position:relative;overflow:hidden;background:#eceff2;border-radius:var(--bz-radius);margin:8px 0}
.bzc-skeleton::after{content:"";position:absolute;inset:0;background:linear-gradient(90deg,transparent,#f6f7f9 50%,transparent);transform:translateX(-100%);animation:bzc-sk 1.2s infinite}
@keyframes bzc-sk{to{transform:translateX(100%)}}
@media (prefers-reduced-motion:reduce){.bzc-skeleton::after{animation:none;display:none}}
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
.bzc-gallery__main{aspect-ratio:1;background:var(--bz-surface-alt);border-radius:var(--bz-radius);max-width:480px;touch-action:pan-y;user-select:none}
.bzc-gallery__zoom{display:block;width:100%;height:100%;padding:0;border:0;background:none;cursor:zoom-in;border-radius:var(--bz-radius)}
.bzc-gallery__zoom:focus-visible,.bzc-thumb:focus-visible,.bzc-chip:focus-visible{outline:3px solid var(--bz-brand-dark);outline-offset:2px}
.bzc-gallery__thumbs{display:flex;gap:8px;margin-top:8px;flex-wrap:wrap}
.bzc-thumb{padding:0;border:2px solid var(--bz-border);border-radius:6px;background:#fff;cursor:pointer;width:52px;height:52px}
.bzc-thumb img{width:100%;height:100%;object-fit:contain}.bzc-thumb[aria-pressed=true]{border-color:var(--bz-brand)}
.bzc-buybox__price{font-size:24px;display:flex;gap:8px;align-items:baseline;flex-wrap:wrap;margin:8px 0}
.bzc-buybox__actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
.bzc-variants__group{border:0;padding:0;margin:8px 0;display:flex;flex-wrap:wrap;gap:8px}
.bzc-variants__group legend{font-size:14px;color:var(--bz-muted);margin-bottom:4px}
.bzc-chip{min-height:40px;padding:0 12px;border:1px solid var(--bz-border);border-radius:20px;background:#fff;font:inherit;cursor:pointer}
.bzc-chip--out{color:var(--bz-muted);text-decoration:line-through;border-style:dashed}
.bzc-chip--active{border-color:var(--bz-brand);background:#e6f2ee;color:var(--bz-brand-dark);font-weight:600}
.bzc-zoom{position:fixed;inset:0;z-index:55;background:#111;color:#fff;display:flex;flex-direction:column}
.bzc-zoom__bar{display:flex;align-items:center;gap:12px;padding:8px 8px 8px 16px}
.bzc-zoom__title{flex:1;margin:0;font-size:16px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.bzc-zoom__close{color:#fff;font-size:28px}.bzc-zoom__close:not([disabled]):hover{color:var(--bz-text)}
.bzc-zoom__stage{flex:1;min-height:0;display:flex;align-items:center;justify-content:center;touch-action:pan-y;user-select:none}
.bzc-zoom__stage img{max-width:100%;max-height:100%;object-fit:contain}
.bzc-zoom__nav{display:flex;justify-content:center;gap:16px;padding:12px 12px calc(12px + env(safe-area-inset-bottom))}.bzc-zoom__nav .bz-btn{min-width:64px;font-size:24px}
.bzc-buybar{position:fixed;left:0;right:0;bottom:0;z-index:30;display:flex;align-items:center;justify-content:space-between;gap:12px;padding:8px 16px calc(8px + env(safe-area-inset-bottom));background:#fff;border-top:1px solid var(--bz-border);box-shadow:0 -2px 12px rgba(0,0,0,.12)}
.bzc-buybar[hidden]{display:none}.bzc-buybar__price{font-size:20px}.bzc-buybar .bz-btn{flex:0 1 auto;min-width:140px}
@media (max-width:799px){body:has(.bzc-buybar){padding-bottom:76px}html:has(.bzc-buybar){scroll-padding-bottom:84px}html:has(.bzc-buybar:not([hidden])){--bz-bottom-bar:calc(68px + env(safe-area-inset-bottom))}}
@media (min-width:800px){.bzc-buybar{display:none}}
.bzc-options{display:flex;flex-direction:column;gap:8px;margin-top:12px}.bzc-options .bz-btn{margin-top:8px}
.bzc-stepper{display:inline-flex;align-items:center;gap:8px}.bzc-stepper output{min-width:32px;text-align:center;font-weight:600}
.bzc-specs{display:grid;gap:0;margin:0}.bzc-specs div{display:flex;justify-content:space-between;gap:12px;border-bottom:1px solid var(--bz-border);padding:8px 0}
.bzc-specs dt{color:var(--bz-muted)}.bzc-specs dd{margin:0;text-align:right}
.bzc-catalog{display:grid;gap:16px}
@media (min-width:900px){.bzc-catalog{grid-template-columns:260px minmax(0,1fr)}}
.bzc-filters fieldset{border:1px solid var(--bz-border);border-radius:var(--bz-radius);margin:0 0 12px;padding:8px 12px;min-width:0}
.bzc-filters label{display:flex;gap:8px;align-items:center;min-height:32px}.bzc-filters__sub{padding-left:20px}
.bzc-price{display:grid;gap:8px;grid-template-columns:repeat(auto-fit,minmax(8.5em,1fr))}
.bzc-price__input{width:100%;min-width:0;font-size:16px;padding:0 10px;font-variant-numeric:tabular-nums}.bzc-price button,.bzc-price__error{grid-column:1/-1}.bzc-price__error{margin:0;color:var(--bz-danger);font-size:14px}
.bzc-sheet,.bzc-sheet__head,.bzc-sheet__foot{display:none}
.bzc-filters-box[data-open] .bzc-sheet{display:flex;flex-direction:column;position:fixed;left:0;right:0;bottom:0;z-index:45;max-height:88dvh;background:#fff;border-radius:16px 16px 0 0;box-shadow:0 -4px 24px rgba(0,0,0,.2)}
.bzc-sheet-backdrop{position:fixed;inset:0;z-index:44;background:rgba(0,0,0,.45)}
.bzc-filters-box[data-open] .bzc-sheet__head{display:flex;justify-content:space-between;align-items:center;padding:8px 8px 8px 16px;border-bottom:1px solid var(--bz-border)}
.bzc-sheet__head h2{margin:0;font-size:18px}
.bzc-sheet__body{overflow:auto;padding:12px 16px;overscroll-behavior:contain}
.bzc-filters-box[data-open] .bzc-sheet__foot{display:flex;gap:8px;padding:8px 16px calc(8px + env(safe-area-inset-bottom));border-top:1px solid var(--bz-border)}
.bzc-sheet__foot [data-testid=filters-show]{flex:1}
@media (max-width:899px){.bzc-filters label{min-height:44px}}
@media (min-width:900px){
.bzc-filters-box .bzc-sheet,.bzc-filters-box[data-open] .bzc-sheet{display:block;position:static;max-height:none;border-radius:0;box-shadow:none;z-index:auto}
.bzc-filters-box .bzc-sheet__head,.bzc-filters-box .bzc-sheet__foot,.bzc-filters-box[data-open] .bzc-sheet__head,.bzc-filters-box[data-open] .bzc-sheet__foot,.bzc-filters-open,.bzc-sheet-backdrop{display:none}
.bzc-sheet__body{padding:0;overflow:visible}
}
.bzc-toolbar{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;align-items:center;margin-bottom:12px}
.bzc-active{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin:0 0 12px}
.bzc-active ul{display:contents;list-style:none}.bzc-active li{display:flex}
.bzc-active__chip{display:inline-flex;align-items:center;gap:8px;max-width:100%;overflow-wrap:anywhere;text-align:left}
.bzc-active__clear{min-height:40px;text-decoration:underline}
.bzc-pager{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:6px;margin:16px 0}
.bzc-pages{display:flex;flex-wrap:wrap;justify-content:center;gap:4px;list-style:none;padding:0;margin:0}
.bzc-pages a,.bzc-pager__prev,.bzc-pager__next{display:inline-flex;min-width:40px;min-height:44px;padding:0 6px;align-items:center;justify-content:center;border:1px solid var(--bz-border);border-radius:var(--bz-radius);text-decoration:none}
.bzc-pager__prev,.bzc-pager__next{padding:0 12px}.bzc-pager span[aria-disabled]{color:var(--bz-muted);opacity:.6}
.bzc-pages__gap{display:inline-flex;min-width:20px;align-items:flex-end;justify-content:center;padding-bottom:10px;color:var(--bz-muted)}
.bzc-pages a[aria-current=page]{background:var(--bz-brand);color:#fff;border-color:var(--bz-brand)}
@media (max-width:599px){.bzc-pager{display:grid;grid-template-columns:1fr 1fr}.bzc-pages{grid-column:1/-1;grid-row:1}.bzc-pager__next{justify-self:end}.bzc-pager__prev{justify-self:start}}
.bzc-empty{padding:32px 0;text-align:center;color:var(--bz-muted)}.bzc-empty p{margin:0 0 12px}
.bzc-empty__links{display:flex;flex-wrap:wrap;gap:8px;justify-content:center}
.bzc-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
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
.bzc-blogs img,.bzc-blogs__nocover{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;border-radius:var(--bz-radius)}.bzc-blogs__nocover{background:var(--bz-surface-alt) linear-gradient(135deg,transparent 45%,var(--bz-border) 45%,var(--bz-border) 55%,transparent 55%)}.bzc-blogs h2,.bzc-markets h2,.bzc-cats h2{font-size:18px}
.bzc-markets li{border:1px solid var(--bz-border);border-radius:12px;padding:12px 16px}.bzc-markets p{margin:4px 0}
.bzc-cats ul{list-style:none;padding:0;margin:0;display:grid;gap:4px}
.bzc-cats a{display:inline-flex;align-items:center;min-height:32px;overflow-wrap:anywhere}
@media (max-width:899px){.bzc-cats ul a{min-height:44px}}
.bzc-markets-map{height:360px;margin:0 0 16px;border-radius:12px;overflow:hidden;background:var(--bz-surface-alt)}@media (max-width:600px){.bzc-markets-map{height:280px}}
.bzc-suggest{position:relative}
.bzc-suggest ul{position:absolute;z-index:40;left:0;right:0;top:100%;background:#fff;border:1px solid var(--bz-border);border-radius:var(--bz-radius);list-style:none;margin:4px 0 0;padding:4px 0;max-height:60vh;overflow:auto}
.bzc-suggest li{padding:8px 12px;cursor:pointer}.bzc-suggest li[aria-selected=true]{background:var(--bz-surface-alt)}
.bzc-suggest .bzc-suggest__all{border-top:1px solid var(--bz-border);color:var(--bz-brand-dark);font-weight:600}
.bzc-avail{margin-top:20px;border-top:1px solid var(--bz-border);padding-top:12px;font-size:14px;line-height:1.4}
.bzc-avail h2{font-size:18px;margin:0 0 8px}.bzc-avail__subtitle{font-size:16px;margin:12px 0 6px}
.bzc-avail__skeleton{min-height:260px}
.bzc-avail__delivery,.bzc-avail__stores{list-style:none;padding:0;margin:0;display:grid;gap:8px}
.bzc-avail__store{border:1px solid var(--bz-border);border-radius:var(--bz-radius);padding:8px 12px;min-width:0;overflow-wrap:anywhere}
.bzc-avail__head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:2px 12px}.bzc-avail__head .bzc-stock{margin:0}
.bzc-avail__pickup{color:var(--bz-success);font-weight:600;margin-top:2px}
.bzc-avail__rule{font-size:13px;margin:6px 0 0}
.bzc-avail__all{display:inline-flex;align-items:center;min-height:44px;color:var(--bz-brand-dark)}
.bzc-avail__all:focus-visible{outline:3px solid var(--bz-brand-dark);outline-offset:2px}
.bzc-notify{margin-top:12px;min-height:92px}
.bzc-notify__status{margin:0 0 8px;font-weight:600;color:var(--bz-success)}.bzc-notify__status:empty{margin:0}
.bzc-notify__hint{font-size:13px;margin:6px 0 0}
`;

export function CatalogStyles() {
  return (
    <style href="bozor-catalog" precedence="default">
      {css}
    </style>
  );
}
