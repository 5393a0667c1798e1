// The clickable board: shows the SVG that Python sends, reports clicked cells.
// All game logic stays in Python; this file only draws and listens.
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "boardkit-canvas";
  box.style.display = "inline-block";
  box.style.cursor = "pointer";
  box.style.userSelect = "none";
  el.appendChild(box);
  const draw = () => { box.innerHTML = model.get("svg"); };
  draw();
  model.on("change:svg", draw);
  box.addEventListener("click", (ev) => {
    const hit = ev.target.closest("[data-cell]");
    if (!hit) return;
    const n = (model.get("last_click").n || 0) + 1;
    model.set("last_click", { cell: hit.getAttribute("data-cell"), n: n });
    model.save_changes();
  });
}
export default { render };
