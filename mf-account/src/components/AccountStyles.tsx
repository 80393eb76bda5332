/** The account pages' few layout rules (mobile first, 360 px up), next to the components they style. */
const css = `
.acc-page{padding:16px;max-width:720px;margin:0 auto;display:flex;flex-direction:column;gap:16px}
.acc-form{display:flex;flex-direction:column;gap:12px}
.acc-row{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.acc-radios{border:0;padding:0;margin:0;display:flex;gap:16px;flex-wrap:wrap}
.acc-card{border:1px solid var(--bz-border);border-radius:var(--bz-radius);padding:16px;display:flex;flex-direction:column;gap:12px}
.acc-avatar{width:96px;height:96px;border-radius:50%;object-fit:cover}
.acc-muted{color:var(--bz-muted);font-size:14px}
.acc-nowrap{white-space:nowrap}
.acc-list{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:12px}
.acc-dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
.acc-item{display:flex;flex-direction:column;gap:2px;min-width:0;overflow-wrap:anywhere}
.acc-between{justify-content:space-between}
.acc-block{display:block}
`;
export function AccountStyles() {
  return <style>{css}</style>;
}
