/**
 * Design tokens of the shop. Every text colour meets WCAG AA (4.5:1) on the backgrounds it is used on,
 * in each button state (shared/test/design.test.tsx checks the pairs).
 */
export const tokens = {
  color: {
    brand: '#0b6e4f',
    brandDark: '#084c37',
    /** Pressed primary button; the text of a pressed secondary one. */
    brandDarker: '#063a2a',
    /** Hovered and pressed secondary buttons: a light green behind brand-dark text. */
    brandTint: '#e3f1ec',
    brandTintStrong: '#c9e4da',
    text: '#1c1f23',
    muted: '#5a6470',
    border: '#d5dae0',
    surface: '#ffffff',
    surfaceAlt: '#f3f5f7',
    /** A pressed ghost button. */
    surfacePressed: '#e2e6ea',
    danger: '#b42318',
    success: '#067647',
  },
  radius: '8px',
  space: (n: number) => `${n * 4}px`,
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
} as const;

/**
 * The design system's style sheet. The shell injects it once (remotes' standalone hosts too); it is a
 * string so no CSS loader is needed in any build or test. `#main` fills the screen from the first
 * paint, so the footer stays below the fold while a remote's page replaces the loading placeholder.
 */
export const designCss = `
:root{--bz-brand:${tokens.color.brand};--bz-brand-dark:${tokens.color.brandDark};--bz-text:${tokens.color.text};
--bz-muted:${tokens.color.muted};--bz-border:${tokens.color.border};--bz-surface:${tokens.color.surface};
--bz-surface-alt:${tokens.color.surfaceAlt};--bz-danger:${tokens.color.danger};--bz-success:${tokens.color.success};
--bz-radius:${tokens.radius};font-family:${tokens.font};color:var(--bz-text)}
*{box-sizing:border-box}body{margin:0;background:var(--bz-surface)}a{color:var(--bz-brand-dark)}
#main{min-height:100vh}
.bz-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:44px;padding:0 16px;border-radius:var(--bz-radius);
border:1px solid var(--bz-brand);background:var(--bz-brand);color:#fff;font:inherit;font-weight:600;cursor:pointer}
.bz-btn:focus-visible{outline:3px solid var(--bz-brand-dark);outline-offset:2px}
.bz-btn:not([disabled]):hover{background:var(--bz-brand-dark);border-color:var(--bz-brand-dark)}
.bz-btn:not([disabled]):active{background:${tokens.color.brandDarker};border-color:${tokens.color.brandDarker}}
.bz-btn[disabled],.bz-btn[aria-disabled="true"]{opacity:.6;cursor:default}
.bz-btn--secondary{background:#fff;color:var(--bz-brand-dark)}
.bz-btn--secondary:not([disabled]):hover{background:${tokens.color.brandTint};border-color:var(--bz-brand-dark);color:var(--bz-brand-dark)}
.bz-btn--secondary:not([disabled]):active{background:${tokens.color.brandTintStrong};border-color:var(--bz-brand-dark);color:${tokens.color.brandDarker}}
.bz-btn--ghost{background:transparent;border-color:transparent;color:var(--bz-text)}
.bz-btn--ghost:not([disabled]):hover{background:var(--bz-surface-alt);border-color:transparent;color:var(--bz-text)}
.bz-btn--ghost:not([disabled]):active{background:${tokens.color.surfacePressed};border-color:transparent;color:var(--bz-text)}
.bz-field{display:flex;flex-direction:column;gap:4px}.bz-field label{font-size:14px;color:var(--bz-muted)}
.bz-input{min-height:44px;padding:0 12px;border:1px solid var(--bz-border);border-radius:var(--bz-radius);font:inherit}
.bz-field__error{color:var(--bz-danger);font-size:14px}
.bz-dialog-backdrop{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;z-index:50}
.bz-dialog{background:#fff;border-radius:12px;padding:24px;width:min(420px,92vw);max-height:90vh;overflow:auto}
.bz-toasts{position:fixed;bottom:calc(16px + var(--bz-bottom-bar, 0px));left:50%;transform:translateX(-50%);display:flex;flex-direction:column;gap:8px;z-index:60;pointer-events:none;max-width:calc(100vw - 16px)}
.bz-toast{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:12px 16px;border-radius:var(--bz-radius);background:var(--bz-text);color:#fff;min-width:240px;pointer-events:auto}
.bz-toast__close{flex:none}
@media (max-width:599px){.bz-toasts{left:8px;right:8px;transform:none;max-width:none;bottom:calc(8px + var(--bz-bottom-bar, 0px));gap:4px}
.bz-toasts[data-place="top"]{top:calc(8px + env(safe-area-inset-top, 0px));bottom:auto}
.bz-toast{min-width:0;padding:4px 4px 4px 12px}.bz-toast__close{align-self:stretch;min-width:44px;padding:0 8px}}
.bz-toast--error{background:var(--bz-danger)}.bz-toast--success{background:var(--bz-success)}
.bz-price{font-weight:700;white-space:nowrap}
.bz-error-block{border:1px solid var(--bz-danger);border-radius:var(--bz-radius);padding:16px;margin:16px 0}
.bz-header{border-bottom:1px solid var(--bz-border);padding:8px 16px;display:flex;flex-wrap:wrap;gap:12px;align-items:center}
.bz-header__logo{font-weight:800;font-size:22px;text-decoration:none}
.bz-header__nav{display:flex;gap:12px;flex-wrap:wrap}
.bz-header__search{flex:1 1 200px;min-height:44px}.bz-header__search .bz-input{width:100%}
.bz-header__tools{display:flex;gap:12px;align-items:center}
.bz-favlink{position:relative;display:inline-flex;align-items:center;gap:6px;min-width:44px;min-height:44px;justify-content:center;color:var(--bz-text);text-decoration:none}
.bz-favlink:focus-visible{outline:3px solid var(--bz-brand-dark);outline-offset:2px}.bz-favlink svg{color:var(--bz-danger)}
.bz-favlink__count{position:absolute;top:2px;left:24px;min-width:18px;height:18px;padding:0 4px;border-radius:9px;background:var(--bz-danger);color:#fff;font-size:12px;font-weight:700;line-height:18px;text-align:center}
.bz-favlink__text{display:none}@media (min-width:1000px){.bz-favlink__text{display:inline}.bz-favlink__count{position:static}}
@media (max-width:599px){.bz-header{display:grid;grid-template-columns:auto 1fr;grid-template-areas:"logo tools" "search search" "nav nav";gap:4px 8px;padding:4px 12px 6px}
.bz-header__logo{grid-area:logo;font-size:20px}.bz-header__tools{grid-area:tools;justify-self:end;gap:8px}
.bz-header__search{grid-area:search}
.bz-header__tools{gap:2px}.bz-header__tools>.bz-btn{padding:0 8px;white-space:nowrap}.bz-favlink{min-width:34px}
.bz-header__nav{grid-area:nav;flex-wrap:nowrap;overflow-x:auto;gap:16px;font-size:15px;white-space:nowrap;scrollbar-width:none}.bz-header__nav a{padding:3px 0}}
`;
