// Tasks posted to run after the current one, in order. A MessageChannel, not a timer: it is
// neither clamped nor throttled, and a test's fake clock does not hold it back.

const posted = [];
let channel = null;

export function postTask(task) {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => posted.shift()?.();
  }
  posted.push(task);
  channel.port2.postMessage(null);
}
