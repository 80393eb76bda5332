// The mini-cart's styles: a dropdown under the button on wide screens, a full-width sheet on phones.
const css = `
.bzk-mini{position:relative;display:inline-block}
.bzk-badge{background:none;border:0;padding:0 4px;cursor:pointer;font:inherit}
.bzk-badge:focus-visible{outline:2px solid var(--bz-brand);outline-offset:2px;border-radius:var(--bz-radius)}
.bzk-mini__panel{position:absolute;right:0;top:calc(100% + 4px);z-index:50;width:380px;max-height:min(70vh,560px);overflow:auto;
  background:var(--bz-surface,#fff);color:var(--bz-text);border:1px solid var(--bz-border);border-radius:12px;
  box-shadow:0 8px 24px rgba(0,0,0,.16);padding:12px 16px;display:flex;flex-direction:column;gap:8px;text-align:left}
.bzk-mini__panel:focus{outline:none}
.bzk-mini__panel:focus-visible{outline:2px solid var(--bz-brand)}
.bzk-mini__head{display:flex;justify-content:space-between;align-items:center;gap:8px}
.bzk-mini__head h2{margin:0;font-size:18px}
.bzk-mini__lines{list-style:none;margin:0;padding:0}
.bzk-mini__line{display:flex;gap:10px;align-items:flex-start;padding:8px 0;border-bottom:1px solid var(--bz-border)}
.bzk-mini__img{flex:0 0 56px;height:56px;background:var(--bz-surface-alt);border-radius:var(--bz-radius);overflow:hidden}
.bzk-mini__img img{width:100%;height:100%;object-fit:contain}
.bzk-mini__remove{min-width:44px;min-height:44px;padding:0;font-size:22px;color:var(--bz-danger)}
.bzk-mini__actions{display:flex;gap:8px;flex-wrap:wrap}
.bzk-mini__actions .bz-btn{flex:1 1 140px;text-align:center}
.bzk-mini__empty{text-align:center;padding:8px 0 4px}
@media (max-width:600px){
  .bzk-mini{position:static}
  .bzk-mini__panel{position:fixed;left:0;right:0;top:0;width:auto;max-height:100dvh;border-radius:0 0 12px 12px;border-width:0 0 1px}
}
`;

export function MiniCartStyles() {
  return (
    <style href="bozor-mini-cart" precedence="default">
      {css}
    </style>
  );
}
