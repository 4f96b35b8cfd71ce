'use strict';
// The Connect page's only script. Everything works without it; it adds what only a script can do
// for a page opened as a popup: tell the form it runs in one, and post the outcome to the window
// that opened it. The message goes to each of the tenant's allowed origins by name, never to '*':
// the browser delivers it only if the opener is on that origin.
(function () {
  var opener = window.opener;
  if (!opener || opener === window) return;
  document.querySelectorAll('input[name="opener"]').forEach(function (input) {
    input.value = '1';
  });
  var holder = document.getElementById('connect-message');
  if (!holder) return;
  var message = JSON.parse(holder.getAttribute('data-message'));
  holder.getAttribute('data-target-origins').split(' ').forEach(function (origin) {
    if (!origin) return;
    try {
      opener.postMessage(message, origin);
    } catch {
      // The opener went away or navigated: nothing to tell.
    }
  });
})();
