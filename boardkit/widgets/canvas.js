// The clickable board: shows the SVG that Python sends, reports clicked cells.
// All game logic stays in Python; this file only draws and listens.
// A click is reported on pointerdown (primary button): a redraw that lands between
// the press and the release would otherwise swallow a "click" event, because the
// element pressed no longer exists. An unchanged SVG is not redrawn.
// Keyboard: the board is one Tab stop (tabindex 0); the arrow keys move a focus ring
// to the nearest cell in that direction (by the centres of the cells' bounding boxes),
// Enter or Space sends exactly the message a click sends. The focused cell survives
// a redraw. Screen readers: the board is role="img" with the aria-label Python sends
// (``label``); the root says which cell has the keyboard focus (data-focus).
// Size: the board fills the width it is given, but never more than the window's height
// less ``reserve`` px (the status line above it, the buttons under it), so a projector or a
// zoomed page shows the whole board at once; the drawing keeps its proportions.
// the drawing's size comes from one style sheet (the SVG text itself is left as Python sent it)
const SIZE_CSS = ".boardkit-canvas > div > svg { width: 100%; height: auto; display: block; }";
function sizeSheet() {
  if (document.getElementById("boardkit-canvas-size")) return;
  const style = document.createElement("style");
  style.id = "boardkit-canvas-size";
  style.textContent = SIZE_CSS;
  document.head.appendChild(style);
}
function render({ model, el }) {
  sizeSheet();
  const box = document.createElement("div");
  box.className = "boardkit-canvas";
  box.style.display = "inline-block";
  box.style.verticalAlign = "top";
  box.style.position = "relative";
  box.style.cursor = "pointer";
  box.style.userSelect = "none";
  box.style.touchAction = "manipulation";
  box.style.outline = "none";
  box.tabIndex = 0;
  box.setAttribute("role", "img");
  const ring = document.createElement("div");
  ring.className = "boardkit-focus";
  ring.style.cssText = "position:absolute;pointer-events:none;display:none;box-sizing:border-box;" +
    "border:3px solid var(--jp-brand-color1, #1976d2);border-radius:4px;" +
    "box-shadow:0 0 0 2px var(--jp-layout-color1, white)";
  const holder = document.createElement("div");
  box.appendChild(holder);
  box.appendChild(ring);
  el.appendChild(box);
  // a live region that stays in the page (outside the role="img" board, whose content
  // screen readers skip): Python's ``announce`` text, read out when it changes
  const live = document.createElement("div");
  live.className = "boardkit-live";
  live.setAttribute("aria-live", "polite");
  live.style.cssText = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;" +
    "overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0";
  el.appendChild(live);
  const speak = () => { live.textContent = model.get("announce") || ""; };
  speak();
  model.on("change:announce", speak);
  let shown = null;
  let focused = null;           // the data-cell value with the keyboard focus

  const cellsOf = () => {
    // one entry per data-cell value: the union of its elements' boxes
    const out = new Map();
    for (const e of holder.querySelectorAll("[data-cell]")) {
      const c = e.getAttribute("data-cell");
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const o = out.get(c);
      if (!o) { out.set(c, { left: r.left, top: r.top, right: r.right, bottom: r.bottom }); }
      else {
        o.left = Math.min(o.left, r.left); o.top = Math.min(o.top, r.top);
        o.right = Math.max(o.right, r.right); o.bottom = Math.max(o.bottom, r.bottom);
      }
    }
    return out;
  };
  const centre = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];

  const label = () => {
    const text = model.get("label") || "";
    const name = focused === null ? null : ((model.get("names") || {})[focused] || focused);
    box.setAttribute("aria-label", name ? `${text} (${name})` : text);
    const svg = holder.querySelector("svg");
    if (svg) { svg.setAttribute("role", "img"); svg.setAttribute("aria-label", text); }
  };

  const showRing = () => {
    const cells = cellsOf();
    if (focused !== null && !cells.has(focused)) focused = null;
    if (focused === null || document.activeElement !== box) {
      ring.style.display = "none";
    } else {
      const r = cells.get(focused), b = box.getBoundingClientRect();
      ring.style.left = `${r.left - b.left - 3}px`;
      ring.style.top = `${r.top - b.top - 3}px`;
      ring.style.width = `${r.right - r.left + 6}px`;
      ring.style.height = `${r.bottom - r.top + 6}px`;
      ring.style.display = "block";
    }
    if (focused === null) box.removeAttribute("data-focus");
    else box.setAttribute("data-focus", focused);
    label();
  };

  let aspect = null;
  const fit = () => {
    const svg = holder.querySelector("svg");
    if (!svg) return;
    const w = parseFloat(svg.getAttribute("width")), h = parseFloat(svg.getAttribute("height"));
    if (!(w > 0 && h > 0)) return;
    const reserve = Math.max(0, model.get("reserve") || 0);
    const a = w / h;
    if (a === aspect && box.style.width) return;
    aspect = a;
    // the smaller of the width given and what the window's height allows
    box.style.width = `min(100%, max(${Math.round(model.get("min_width") || 0)}px, ` +
      `calc((100vh - ${reserve}px) * ${a.toFixed(4)})))`;
  };
  const draw = () => {
    const svg = model.get("svg");
    if (svg === shown) return;
    shown = svg;
    holder.innerHTML = svg;
    fit();
    showRing();                 // keep the focused cell (if it is still drawn)
  };
  const title = () => { if (model.get("page_title")) document.title = model.get("page_title"); };
  title();
  model.on("change:page_title", title);
  draw();
  model.on("change:svg", draw);
  model.on("change:reserve", () => { aspect = null; fit(); showRing(); });
  window.addEventListener("resize", showRing);
  model.on("change:label", label);

  const send = (cell) => {
    const n = (model.get("last_click").n || 0) + 1;
    model.set("last_click", { cell: cell, n: n });
    model.save_changes();
  };
  box.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) return;
    const hit = ev.target.closest("[data-cell]");
    if (!hit) return;
    ev.preventDefault();
    focused = hit.getAttribute("data-cell");
    send(focused);
  });

  const DIRS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const move = (dx, dy) => {
    const cells = cellsOf();
    if (!cells.size) return;
    if (focused === null || !cells.has(focused)) {
      // first arrow: the top-left cell
      let best = null, score = Infinity;
      for (const [c, r] of cells) {
        const [x, y] = centre(r);
        if (x + y < score) { best = c; score = x + y; }
      }
      focused = best;
      return;
    }
    const [x0, y0] = centre(cells.get(focused));
    // the nearest cell inside the arrow's 90-degree cone (so the dark squares' diagonal
    // neighbours are reached on a checkers board); else the nearest anywhere ahead
    let best = null, score = Infinity, wide = null, wideScore = Infinity;
    for (const [c, r] of cells) {
      if (c === focused) continue;
      const [x, y] = centre(r);
      const along = (x - x0) * dx + (y - y0) * dy;        // distance in the arrow's direction
      const across = Math.abs((x - x0) * dy - (y - y0) * dx);
      if (along < 1) continue;                              // not in that direction
      if (across <= along + 0.5) {
        const side = (x - x0) * -dy + (y - y0) * dx;       // ties: the left-hand one
        const s = Math.hypot(along, across) + 0.001 * side;
        if (s < score) { best = c; score = s; }
      }
      const w = along + 2 * across;
      if (w < wideScore) { wide = c; wideScore = w; }
    }
    if (best !== null) focused = best;
    else if (wide !== null) focused = wide;
  };
  box.addEventListener("keydown", (ev) => {
    if (ev.key in DIRS) {
      move(...DIRS[ev.key]);
      showRing();
    } else if (ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar") {
      if (focused === null) { move(0, 0); showRing(); return ev.preventDefault(); }
      send(focused);
    } else {
      return;                 // every other key keeps its usual meaning
    }
    ev.preventDefault();
    ev.stopPropagation();     // JupyterLab must not take the arrows/Enter as its commands
  });
  box.addEventListener("focus", () => {
    if (focused === null) move(0, 0);
    showRing();
  });
  box.addEventListener("blur", showRing);
}
export default { render };
