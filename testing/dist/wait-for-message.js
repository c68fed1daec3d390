// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
function waitForMessage(page, matcher) {
  return page.evaluate(
    (m) => new Promise((resolve, reject) => {
      const matches = (value, expected) => typeof expected === "object" && expected !== null ? typeof value === "object" && value !== null && Object.entries(expected).every(([key, inner]) => matches(value[key], inner)) : Object.is(value, expected);
      const script = m.origin === null && m.originScript !== null ? document.querySelector(`script[src*="${m.originScript}"]`) : null;
      const origin = m.origin ?? (script ? new URL(script.src, location.href).origin : null);
      const fromFrame = (event) => Array.from(document.querySelectorAll(m.sourceFrames)).some((frame) => frame.contentWindow === event.source && new URL(frame.src, location.href).origin === event.origin);
      const accepted = (event) => (origin === null ? event.origin !== location.origin : event.origin === origin) && (m.sourceFrames === null || fromFrame(event)) && matches(event.data, m.match);
      const listener = (event) => {
        if (!accepted(event)) return;
        window.removeEventListener("message", listener);
        clearTimeout(timer);
        resolve(m.pick === null ? event.data : event.data[m.pick]);
      };
      const timer = setTimeout(() => {
        window.removeEventListener("message", listener);
        reject(new Error(`${m.label}: no such message from ${origin ?? "another origin"} within ${m.timeout} ms`));
      }, m.timeout);
      window.addEventListener("message", listener);
    }),
    matcher
  );
}
export {
  waitForMessage
};
