// The look of the local stand-ins for Stripe's hosted pages (/_checkout, /_portal): plain,
// readable and at WCAG AA contrast, with no external resources.
export const testPageStyles = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1b1e; background: #f1f3f5; }
  body { margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem; border: 1px solid #ced4da; }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  h2 { font-size: 1.125rem; margin: 1.5rem 0 0.25rem; }
  .note { background: #fff3bf; border: 1px solid #e67700; border-radius: 0.5rem; padding: 0.5rem 0.75rem; }
  .error { background: #ffe3e3; border: 1px solid #c92a2a; border-radius: 0.5rem; padding: 0.5rem 0.75rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid #495057; border-radius: 0.375rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.5rem 1.25rem; border-radius: 0.375rem; cursor: pointer; border: 1px solid #1864ab; }
  button[value="start"], button.primary { background: #1864ab; color: #fff; }
  button[value="cancel"], button.secondary { background: #fff; color: #1864ab; }
  a { color: #1864ab; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  button:focus-visible, input:focus-visible { outline: 3px solid #e67700; outline-offset: 2px; }
`;
