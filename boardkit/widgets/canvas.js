// The clickable board: shows the SVG that Python sends, reports clicked cells.
// All game logic stays in Python; this file only draws and listens.
// A click is reported on pointerdown (primary button): a redraw that lands between
// the press and the release would otherwise swallow a "click" event, because the
// element pressed no longer exists. An unchanged SVG is not redrawn.
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "boardkit-canvas";
  box.style.display = "inline-block";
  box.style.cursor = "pointer";
  box.style.userSelect = "none";
  box.style.touchAction = "manipulation";
  el.appendChild(box);
  let shown = null;
  const draw = () => {
    const svg = model.get("svg");
    if (svg === shown) return;
    shown = svg;
    box.innerHTML = svg;
  };
  draw();
  model.on("change:svg", draw);
  box.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) return;
    const hit = ev.target.closest("[data-cell]");
    if (!hit) return;
    ev.preventDefault();
    const n = (model.get("last_click").n || 0) + 1;
    model.set("last_click", { cell: hit.getAttribute("data-cell"), n: n });
    model.save_changes();
  });
}
export default { render };
