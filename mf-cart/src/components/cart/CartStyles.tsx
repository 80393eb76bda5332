// The cart's own style sheet on top of the shared design system (hoisted once by React 19).
const css = `
.bzk-page{padding:16px;max-width:1100px;margin:0 auto}
.bzk-muted{color:var(--bz-muted);font-size:14px}
.bzk-layout{display:grid;gap:16px}
@media (min-width:860px){.bzk-layout{grid-template-columns:1fr 320px;align-items:start}}
.bzk-lines{list-style:none;padding:0;margin:0}
.bzk-line{display:flex;gap:12px;padding:12px 0;border-bottom:1px solid var(--bz-border)}
.bzk-line__img{flex:0 0 80px;height:80px;background:var(--bz-surface-alt);border-radius:var(--bz-radius);overflow:hidden}
.bzk-line__img img{width:100%;height:100%;object-fit:contain}
.bzk-line__body{flex:1;min-width:0;display:flex;flex-direction:column;gap:4px;overflow-wrap:anywhere}
.bzk-line__row{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:8px}
.bzk-stepper{display:inline-flex;align-items:center;gap:8px}.bzk-stepper output{min-width:28px;text-align:center;font-weight:600}
.bzk-remove{align-self:flex-start;padding:0;min-height:32px;color:var(--bz-danger)}
.bzk-summary{border:1px solid var(--bz-border);border-radius:12px;padding:16px;display:flex;flex-direction:column;gap:12px}
.bzk-summary__row{display:flex;justify-content:space-between;gap:8px;margin:0;font-size:18px}
@media (max-width:859px){.bzk-summary{position:sticky;bottom:0;z-index:5;background:var(--bz-surface);padding:12px 16px;gap:8px;
border-radius:12px 12px 0 0;box-shadow:0 -4px 16px rgba(0,0,0,.08)}}
.bzk-notice{border:1px solid #d9a400;background:#fff8e1;border-radius:var(--bz-radius);padding:8px 16px;margin-bottom:12px}
.bzk-skeleton{height:104px;margin:8px 0;border-radius:var(--bz-radius);background:#eceff2}
.bzk-empty{text-align:center;padding:32px 0}
.bzk-badge{display:inline-flex;align-items:center;gap:4px;min-height:44px;min-width:44px;text-decoration:none;color:var(--bz-text);font-weight:600}
.bzk-badge svg{width:24px;height:24px}
`;

export function CartStyles() {
  return (
    <style href="bozor-cart" precedence="default">
      {css}
    </style>
  );
}
