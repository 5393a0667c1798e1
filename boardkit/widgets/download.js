// A save for one student: Python sends {kind: "download", name, text} and this view hands
// the text to the browser as a file download (a Blob and an <a download>), so a save lands
// in the student's own Downloads folder, never in a folder of the server that other
// students share (a class play server, Binder). It draws nothing.
function render({ model, el }) {
  el.style.display = "none";
  model.on("msg:custom", (msg) => {
    if (!msg || msg.kind !== "download") return;
    const blob = new Blob([msg.text], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = msg.name;
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 5000);
  });
}
export default { render };
