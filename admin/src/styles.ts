// The back office's style sheet, on top of the shop's design tokens (`designCss` of @bozor/shared):
// a string injected once, as the shop does, so neither the build nor jest needs a CSS loader.
// Desktop first; at ≤ 760 px the side navigation becomes a menu and tables become stacked cards.
export const adminCss = `
body{background:var(--bz-surface-alt)}
:focus-visible{outline:3px solid var(--bz-brand-dark);outline-offset:2px}
.adm-skip{position:absolute;left:-9999px;top:0}.adm-skip:focus{left:8px;top:8px;z-index:100;background:#fff;padding:8px}
.adm-shell{display:grid;grid-template-columns:232px 1fr;min-height:100vh}
.adm-side{background:var(--bz-surface);border-right:1px solid var(--bz-border);padding:16px 12px;display:flex;flex-direction:column;gap:16px;position:sticky;top:0;height:100vh;overflow:auto}
.adm-brand{font-weight:700;font-size:18px;color:var(--bz-brand-dark);text-decoration:none;padding:0 8px}
.adm-nav ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:2px}
.adm-nav a{display:flex;justify-content:space-between;align-items:center;gap:8px;padding:10px 12px;border-radius:var(--bz-radius);color:var(--bz-text);text-decoration:none;min-height:44px}
.adm-nav a:hover{background:var(--bz-surface-alt)}
.adm-nav a[aria-current=page]{background:#e3f1ec;color:var(--bz-brand-dark);font-weight:600}
.adm-badge{display:inline-block;min-width:22px;padding:2px 8px;border-radius:999px;background:var(--bz-danger);color:#fff;font-size:12px;font-weight:700;text-align:center;white-space:nowrap}
.adm-badge--muted{background:var(--bz-surface-alt);color:var(--bz-text);border:1px solid var(--bz-border)}
.adm-me{margin-top:auto;border-top:1px solid var(--bz-border);padding-top:12px;display:flex;flex-direction:column;gap:8px;font-size:14px}
.adm-me small{color:var(--bz-muted)}
.adm-top{display:none}
.adm-main{padding:24px;min-width:0}
.adm-main h1{margin:0 0 16px;font-size:24px}
.adm-lang{display:flex;gap:4px}.adm-lang button{min-height:36px;padding:0 10px}
.adm-lang button[aria-pressed=true]{background:var(--bz-brand);color:#fff;border-color:var(--bz-brand)}
.adm-card{background:var(--bz-surface);border:1px solid var(--bz-border);border-radius:12px;padding:16px;margin-bottom:16px}
.adm-card h2{margin:0 0 12px;font-size:18px}
.adm-grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(220px,1fr))}
.adm-stat{font-size:28px;font-weight:700;margin:4px 0}
.adm-muted{color:var(--bz-muted)}
.adm-row{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.adm-spread{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between}
.adm-hold{margin-top:16px;padding-top:12px;border-top:1px solid var(--bz-border)}
.adm-hold p{margin:0 0 6px}
.adm-filters{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));align-items:end;margin-bottom:16px}
.adm-filters-summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center;margin-bottom:8px}
.adm-filters .bz-field,.adm-form .bz-field{min-width:0}
select.bz-input,textarea.bz-input{width:100%;background:#fff}
textarea.bz-input{min-height:88px;padding:8px 12px;resize:vertical}
.adm-form{display:flex;flex-direction:column;gap:12px;margin-top:12px}
.adm-tabs{display:flex;gap:4px;overflow-x:auto;border-bottom:1px solid var(--bz-border);margin-bottom:16px;padding-bottom:0}
.adm-tabs a{display:inline-flex;gap:6px;align-items:center;padding:10px 12px;white-space:nowrap;text-decoration:none;color:var(--bz-text);border-bottom:3px solid transparent;min-height:44px}
.adm-tabs a[aria-current=page]{border-bottom-color:var(--bz-brand);color:var(--bz-brand-dark);font-weight:600}
.adm-table-wrap{overflow-x:auto;background:var(--bz-surface);border:1px solid var(--bz-border);border-radius:12px}
.adm-table{width:100%;border-collapse:collapse;font-size:14px}
.adm-table th,.adm-table td{text-align:left;padding:10px 12px;border-bottom:1px solid var(--bz-border);vertical-align:top}
.adm-table th{background:var(--bz-surface-alt);font-weight:600;white-space:nowrap}
.adm-table td.num,.adm-table th.num{text-align:right;white-space:nowrap}
.adm-table tbody tr[data-href]{cursor:pointer}
.adm-table tbody tr[data-href]:hover{background:#f7faf9}
.adm-table tbody tr[data-href]:focus-visible{outline-offset:-3px}
.adm-table tr.adm-new td:first-child{box-shadow:inset 4px 0 0 var(--bz-brand)}
.adm-sort{background:none;border:0;font:inherit;font-weight:600;cursor:pointer;padding:0;color:inherit;min-height:32px}
.adm-pager{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between;margin-top:12px}
.adm-pages{display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:0;padding:0}.adm-pages .bz-btn{min-width:44px;padding:0 8px}.adm-pages__gap{align-self:center;padding:0 4px;color:var(--bz-muted)}
.adm-status{display:inline-block;padding:2px 8px;border-radius:999px;font-size:12px;font-weight:600;background:var(--bz-surface-alt);border:1px solid var(--bz-border);white-space:nowrap}
.adm-status--new{background:#fff4e5;border-color:#f5c27a}.adm-status--cancelled{background:#fdecea;border-color:#f2b8b5}
.adm-status--completed,.adm-status--delivered,.adm-status--picked_up{background:#e3f1ec;border-color:#a8d5c2}
.adm-kv{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}.adm-kv dt{color:var(--bz-muted)}.adm-kv dd{margin:0;overflow-wrap:anywhere}
.adm-items{list-style:none;margin:0;padding:0}.adm-items li{display:flex;gap:12px;padding:8px 0;border-bottom:1px solid var(--bz-border)}
.adm-items img{width:56px;height:56px;object-fit:contain;border-radius:6px;background:var(--bz-surface-alt);flex:none}
.adm-items .grow{flex:1 1 170px;min-width:0;overflow-wrap:anywhere}
.adm-items-price{margin-left:auto;text-align:right;white-space:nowrap}
.bz-btn[aria-disabled=true]{opacity:.6;cursor:progress}
/* "Next" on the last page, ↑ on the first item: not busy, there is just nothing to do */
.bz-btn.adm-end[aria-disabled=true]{cursor:default}
/* a variant that orders under way hold: not busy, just not removable (the reason is next to it) */
.adm-variant-remove[aria-disabled=true]{cursor:not-allowed}
.adm-items li{flex-wrap:wrap}
.adm-marking{flex:1 1 100%;min-width:0;margin:4px 0 0;padding:12px;border:1px solid var(--bz-border);border-radius:var(--bz-radius);background:var(--bz-surface-alt)}
.adm-marking legend{font-weight:600;padding:0 4px}
.adm-marking p{margin:0 0 8px}
.adm-codes{display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(min(100%,260px),1fr));margin-bottom:8px}
.adm-codes input,.adm-codes-list code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:16px;letter-spacing:.02em}
.adm-codes input{width:100%;min-width:0;background:#fff}
.adm-codes-list{margin:8px 0;padding-left:24px;overflow-wrap:anywhere}
.adm-badge--button{border:0;cursor:pointer;font:inherit;font-size:12px;font-weight:700;min-height:28px}
.adm-timeline{list-style:none;margin:0;padding:0 0 0 12px;border-left:2px solid var(--bz-border)}.adm-timeline li{margin:0 0 12px;padding-left:8px}
.adm-actions{display:flex;flex-wrap:wrap;gap:8px}
.adm-danger{background:var(--bz-danger)!important;border-color:var(--bz-danger)!important;color:#fff!important}
.adm-error{border:1px solid var(--bz-danger);border-radius:var(--bz-radius);padding:12px 16px;background:#fff;color:var(--bz-danger);margin:0 0 16px}
.adm-notice{border:1px solid var(--bz-border);border-radius:var(--bz-radius);padding:12px 16px;background:#fff;margin:0 0 16px}
.adm-empty{padding:32px 16px;text-align:center;color:var(--bz-muted)}
.adm-loading{padding:24px 16px;color:var(--bz-muted)}
.adm-diff{display:grid;grid-template-columns:max-content 1fr 1fr;gap:4px 12px;font-size:13px;margin:8px 0 0}
.adm-diff del{color:var(--bz-danger)}.adm-diff ins{color:var(--bz-success);text-decoration:none}
.adm-diff code{white-space:pre-wrap;word-break:break-word}
.adm-signin{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px}
.adm-signin .adm-card{width:min(400px,100%)}
.adm-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.adm-tabs--buttons button{display:inline-flex;gap:6px;align-items:center;padding:10px 12px;white-space:nowrap;background:none;border:0;border-bottom:3px solid transparent;font:inherit;color:var(--bz-text);cursor:pointer;min-height:44px}
.adm-tabs--buttons button[aria-selected=true]{border-bottom-color:var(--bz-brand);color:var(--bz-brand-dark);font-weight:600}
.adm-badge--warn{background:#fff4e5;color:#7a4b00;border:1px solid #f5c27a}
.adm-fieldset{border:1px solid var(--bz-border);border-radius:var(--bz-radius);padding:12px;margin:0 0 12px;min-width:0}
.adm-fieldset legend{font-weight:600;padding:0 4px}
.adm-inline-fields{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(min(100%,180px),1fr));align-items:end;margin-bottom:12px}
.adm-inline-fields .bz-field{min-width:0}
.adm-product-form .bz-input{width:100%;min-width:0}
.adm-check{display:flex;gap:8px;align-items:center;min-height:44px;margin-bottom:12px}
.adm-check input{width:20px;height:20px}
.adm-savebar{position:sticky;bottom:0;z-index:10;box-shadow:0 -2px 8px rgba(0,0,0,.06)}
.adm-pictures{list-style:none;margin:0 0 12px;padding:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(150px,1fr))}
.adm-pictures li{display:flex;flex-direction:column;gap:6px;align-items:flex-start;border:1px solid var(--bz-border);border-radius:var(--bz-radius);padding:8px;background:#fff}
.adm-pictures li[draggable=true]{cursor:grab}
.adm-pictures li.adm-dragging{opacity:.5}
.adm-pictures img{width:120px;height:120px;object-fit:contain;background:var(--bz-surface-alt);border-radius:6px}
.adm-pictures .bz-btn{min-width:44px;padding:0 10px}
.adm-stock-variant{margin-bottom:16px}.adm-stock-variant h3{margin:0;font-size:16px}
.adm-thumb-cell{width:64px}
.adm-thumb-cell img,.adm-thumb-empty{display:block;width:48px;height:48px;object-fit:contain;border-radius:6px;background:var(--bz-surface-alt)}
.adm-counts{margin:8px 0 12px;padding-left:20px}
.adm-error-text{color:var(--bz-danger)}
.adm-table del{color:var(--bz-danger)}.adm-table ins{color:var(--bz-success);text-decoration:none;font-weight:600}
.adm-head-actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.adm-langs{display:grid;gap:12px;grid-template-columns:repeat(auto-fit,minmax(min(100%,220px),1fr))}
.adm-langs .bz-field{min-width:0}.adm-langs .bz-input{width:100%;min-width:0}
.adm-thumb{width:48px;height:48px;object-fit:contain;border-radius:6px;background:var(--bz-surface-alt);flex:none}
.adm-thumb--wide{width:120px;height:40px;object-fit:cover}
.adm-picture{gap:8px}.adm-picture__img{max-width:min(100%,480px);max-height:200px;object-fit:contain;border-radius:8px;background:var(--bz-surface-alt);display:block}
.adm-tree{list-style:none;margin:0;padding:0;background:var(--bz-surface);border:1px solid var(--bz-border);border-radius:12px}
.adm-tree li{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between;padding:8px 12px;border-bottom:1px solid var(--bz-border)}
.adm-tree li:last-child{border-bottom:0}
.adm-tree__name{display:flex;gap:10px;align-items:center;min-width:0;overflow-wrap:anywhere}
.adm-city{border-top:1px dashed var(--bz-border);padding-top:12px;margin-bottom:12px}
.adm-rte{display:flex;flex-direction:column;gap:6px}
.adm-rte__label{font-weight:600}
.adm-rte__toolbar{display:flex;flex-wrap:wrap;gap:4px;padding:4px;border:1px solid var(--bz-border);border-bottom:0;border-radius:var(--bz-radius) var(--bz-radius) 0 0;background:var(--bz-surface-alt)}
.adm-rte__btn{min-width:40px;min-height:40px;padding:0 8px;border:1px solid transparent;border-radius:6px;background:none;font:inherit;cursor:pointer;color:var(--bz-text)}
.adm-rte__btn:hover{background:#fff;border-color:var(--bz-border)}
.adm-rte__btn[aria-pressed=true]{background:#e3f1ec;border-color:var(--bz-brand);color:var(--bz-brand-dark)}
.adm-rte__btn:disabled{opacity:.4;cursor:default}
.adm-rte__content{min-height:220px;max-height:60vh;overflow:auto;padding:8px 12px;border:1px solid var(--bz-border);border-radius:0 0 var(--bz-radius) var(--bz-radius);background:#fff;line-height:1.5}
.adm-rte--invalid .adm-rte__content{border-color:var(--bz-danger)}
.adm-rte__content a{color:var(--bz-brand-dark)}
.adm-rte__content blockquote{border-left:3px solid var(--bz-border);margin:8px 0;padding-left:12px;color:var(--bz-muted)}
.adm-rte__link{display:flex;flex-direction:column;gap:6px;padding:8px;border:1px solid var(--bz-border);border-bottom:0;background:#fff}
@media (max-width:760px){
.adm-shell{display:block}
.adm-top{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 12px;background:var(--bz-surface);border-bottom:1px solid var(--bz-border);position:sticky;top:0;z-index:20}
.adm-side{display:none;position:fixed;inset:57px 0 0 0;height:auto;z-index:30;border-right:0}
.adm-side[data-open=true]{display:flex}
.adm-side .adm-brand{display:none}
.adm-main{padding:16px 12px}
.adm-table-wrap{background:transparent;border:0;overflow:visible}
.adm-table--cards thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.adm-table--cards,.adm-table--cards tbody,.adm-table--cards tr,.adm-table--cards td{display:block;width:100%}
.adm-table--cards tr{background:var(--bz-surface);border:1px solid var(--bz-border);border-radius:12px;margin-bottom:8px;padding:8px 0}
/* a card's line: the caption, and the value at its right; a caption too long to share the line with its value
   wraps, and the value goes under it (right-aligned) — neither is cut and no card is wider than the screen.
   A figures' cell (td.num) drops its desktop nowrap here: inherited by the caption, it stretched the page
   ("Buyurtmalar summasi (bekor qilinganlarsiz)" made it 462 px wide on a 390 px phone). A value moves under its
   caption before it wraps (a flex line takes an item at its full width) */
.adm-table--cards td,.adm-table--cards td.num{border:0;padding:4px 12px;display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:2px 12px;text-align:right;white-space:normal}
.adm-table--cards td::before{content:attr(data-label);color:var(--bz-muted);text-align:left;flex:0 1 auto;min-width:0;max-width:100%;overflow-wrap:anywhere}
.adm-table--cards td>*{min-width:0;max-width:100%}
.adm-table--cards .adm-cell{margin-left:auto;overflow-wrap:anywhere}
.adm-table--cards td.adm-thumb-cell{width:auto}
.adm-table--cards td:not([data-label])::before{content:none}
.adm-table--cards td:not([data-label])>.adm-cell{margin-left:0}
.adm-kv{grid-template-columns:1fr}.adm-kv dd{margin-bottom:6px}
.adm-diff{grid-template-columns:1fr}
.bz-dialog{width:100vw;max-height:100vh;border-radius:12px 12px 0 0;align-self:flex-end}
}
/* a phone number stays on one line */
.adm-nowrap{white-space:nowrap}
/* the nav's "N new" badge keeps its width (the label gives way), so "10 ta yangi" is never cut */
.adm-nav a .adm-badge{flex:0 0 auto}
.adm-nav a>span:first-child{min-width:0;overflow-wrap:anywhere}
/* tabs keep their width: the strip scrolls, and on a phone it wraps, so no tab reads "Englis" */
.adm-tabs>*{flex:0 0 auto}
@media (max-width:760px){.adm-tabs{flex-wrap:wrap;overflow-x:visible}}
/* a tab's focus ring is drawn inside the tab: the strip that scrolls clips whatever is drawn outside its box,
   and the ring around a tab showed only as a thin bar at its edge (read as a separator, not as the focus) */
.adm-tabs>a:focus-visible,.adm-tabs--buttons>button:focus-visible{outline-offset:-3px}
/* banner dates: wide enough for a datetime field in every language, aligned at the top (an error below one
   of them does not move the other) */
.adm-filters.adm-dates{grid-template-columns:repeat(auto-fill,minmax(250px,1fr));align-items:start}
.adm-dates .bz-input{min-width:0;width:100%;box-sizing:border-box}
@media print{
body{background:#fff}
.adm-no-print{display:none!important}
}
`;
