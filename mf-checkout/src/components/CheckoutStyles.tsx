/** Checkout layout rules, mobile first (360 px), two columns from 900 px. */
const css = `
.co-page{padding:16px;max-width:1040px;margin:0 auto;display:grid;grid-template-columns:minmax(0,1fr);gap:16px}
.co-page .bz-input{width:100%;min-width:0}.co-fields,.co-options,.co-grid>*{min-width:0}
@media (min-width:900px){.co-page{grid-template-columns:minmax(0,1fr) 340px;align-items:start}.co-page>h1{grid-column:1/-1}}
.co-form{display:flex;flex-direction:column;gap:16px}
.co-fields,.co-options{border:1px solid var(--bz-border);border-radius:var(--bz-radius);padding:12px;margin:0;display:flex;flex-direction:column;gap:12px}
.co-fields legend,.co-options legend{font-weight:600;padding:0 4px}
.co-option{display:flex;gap:8px;align-items:flex-start;cursor:pointer}.co-option input{margin-top:4px;min-width:20px;min-height:20px}
.co-option span{display:flex;flex-direction:column;gap:2px}
.co-grid{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.co-card{border:1px solid var(--bz-border);border-radius:var(--bz-radius);padding:16px;display:flex;flex-direction:column;gap:8px}
.co-lines{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
.co-line{display:grid;grid-template-columns:1fr auto auto;gap:8px;align-items:baseline;overflow-wrap:anywhere}.co-line__options{display:block}.co-h2{font-size:18px;margin:8px 0 0}
.co-dl{display:grid;grid-template-columns:1fr auto;gap:6px 12px;margin:0}.co-dl dd{margin:0;text-align:right}.co-span{grid-column:1/-1}
.co-notice{border:1px solid #d9a400;background:#fff8e1;border-radius:var(--bz-radius);padding:8px 12px}
.co-muted{color:var(--bz-muted);font-size:14px}
.co-error-more{display:block;margin-top:4px}
.co-stock{font-size:14px;font-weight:600}.co-stock--all{color:var(--bz-success)}.co-stock--part{color:#8a5300}.co-stock--none{color:var(--bz-muted)}
.co-row{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.co-map{height:320px;border-radius:var(--bz-radius);overflow:hidden;background:var(--bz-surface-alt)}@media (max-width:600px){.co-map{height:260px}}
`;
export function CheckoutStyles() {
  return <style>{css}</style>;
}
