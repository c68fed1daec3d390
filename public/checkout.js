/*!
 * Vault Checkout SDK — {checkout_url}/checkout.js
 *
 * Opens a Vault hosted checkout session from a merchant's page and reports its outcome. Dependency-free,
 * no build step. Create the session on your server (POST /api/sessions/create, with embedMode and
 * parentOrigin = your page's origin), then in the browser:
 *
 *   <script src="https://vault.example.com/checkout.js"></script>
 *   const checkout = VaultCheckout.open({
 *     sessionId: 'cs_…',            // from your server
 *     url: 'https://vault…/checkout/cs_…',  // optional: the session's `url` (default: this script's origin)
 *     mode: 'iframe',               // 'redirect' | 'popup' | 'iframe' | 'new_tab' (default 'redirect')
 *     container: '#pay',            // iframe mode: an element or a selector
 *     height: 720,                  // iframe mode: its height, px or a CSS length (default 640px; a minimum)
 *     onReady(message) {}, onSuccess(message) {}, onError(message) {}, onCancel(message) {}, onExpired(message) {},
 *   });
 *   checkout.close();               // closes the popup/tab, removes the iframe, stops listening
 *
 * Each callback receives the message object the checkout page posted ({type, sessionId, ...}):
 *   CHECKOUT_READY → onReady; PAYMENT_SUCCESS (paymentData: {transactionId, amount, currency, brand, last4};
 *   a setup session's, which saves the card and charges nothing: {token, brand, last4}) → onSuccess; PAYMENT_ERROR (error: {code, message}) → onError; CHECKOUT_ERROR (error: {code, message},
 *   the session cannot be paid any more, e.g. attempts_exhausted) → onError too; CHECKOUT_CANCELLED (reason
 *   "user_cancelled") → onCancel; CHECKOUT_EXPIRED (error) → onExpired.
 *
 * Security: a message is accepted only when event.origin is exactly the checkout's origin AND event.source
 * is the window this call opened (its popup, tab or iframe) AND it names this sessionId. Everything else is
 * ignored. Confirm a payment on your server (GET /api/sessions/{id}) before shipping anything: a browser
 * callback is a convenience, not proof.
 *
 * Behaviour per mode:
 *   redirect  the current page navigates to the checkout; the checkout later navigates to your successUrl,
 *             cancelUrl or errorUrl. No callbacks.
 *   popup     a popup window. It is closed on PAYMENT_SUCCESS (once its navigation to your successUrl has
 *             landed, or after 1.5 s; retried until it is closed) and on PAYMENT_ERROR and CHECKOUT_CANCELLED.
 *             After a PAYMENT_ERROR the session stays open while attempts remain: call open() again with the
 *             same sessionId to let the customer retry.
 *   iframe    an iframe appended to `container`. It is removed on CHECKOUT_CANCELLED. After PAYMENT_SUCCESS
 *             it shows your successUrl (the checkout navigates its own frame there).
 *   new_tab   a new tab (keeps window.opener, so the checkout can report). On success the tab goes to your
 *             successUrl; on cancel the checkout closes it.
 * Call open() from a click handler: browsers block popups and new tabs opened without a user gesture (open()
 * then throws an Error with code "popup_blocked").
 */
(function (global) {
  'use strict';

  var MODES = ['redirect', 'popup', 'iframe', 'new_tab'];
  var CALLBACKS = {
    CHECKOUT_READY: 'onReady',
    PAYMENT_SUCCESS: 'onSuccess',
    PAYMENT_ERROR: 'onError',
    CHECKOUT_ERROR: 'onError',
    CHECKOUT_CANCELLED: 'onCancel',
    CHECKOUT_EXPIRED: 'onExpired',
  };
  var POPUP_WIDTH = 480;
  var POPUP_HEIGHT = 720;
  // The checkout page fits a decline message, Pay and Cancel in this height when framed (a compact layout).
  var FRAME_HEIGHT = '640px';
  var CSS_LENGTH = /^\d+(\.\d+)?(px|em|rem|vh|svh|lvh|dvh|%)$/;
  var CLOSE_RETRY_MS = 100;
  var CLOSE_RETRY_LIMIT_MS = 30000;
  var WATCH_MS = 500;
  var NAVIGATION_WAIT_MS = 1500;
  var NAVIGATION_POLL_MS = 25;

  // The origin this script was served from: the default checkout origin. Captured now, while it is known.
  var scriptSrc = (function () {
    var current = global.document && global.document.currentScript;
    return current && current.src ? current.src : null;
  })();

  function fail(message, code) {
    var error = new Error('VaultCheckout: ' + message);
    error.code = code || 'invalid_options';
    return error;
  }

  function checkoutUrl(options) {
    if (options.url != null) {
      var given;
      try {
        given = new URL(String(options.url), global.location.href);
      } catch (e) {
        throw fail('url is not a valid URL');
      }
      if (given.protocol !== 'https:' && given.protocol !== 'http:') throw fail('url must be http(s)');
      return given;
    }
    if (!scriptSrc) throw fail('url is required when checkout.js is not loaded from the checkout host');
    return new URL('/checkout/' + encodeURIComponent(options.sessionId), scriptSrc);
  }

  // The iframe's height: a number of pixels or a CSS length. Set as its min-height, so the page's own CSS
  // may still make it taller.
  function frameHeight(height) {
    if (height == null) return FRAME_HEIGHT;
    if (typeof height === 'number' && isFinite(height) && height > 0) return height + 'px';
    if (typeof height === 'string' && CSS_LENGTH.test(height)) return height;
    throw fail('height must be a number of pixels or a CSS length such as "720px"');
  }

  function resolveContainer(container) {
    var element = typeof container === 'string' ? global.document.querySelector(container) : container;
    if (!element || typeof element.appendChild !== 'function') throw fail('iframe mode needs a container element or selector');
    return element;
  }

  function popupFeatures() {
    var screenLeft = global.screenLeft != null ? global.screenLeft : global.screenX || 0;
    var screenTop = global.screenTop != null ? global.screenTop : global.screenY || 0;
    var outerWidth = global.outerWidth || POPUP_WIDTH;
    var outerHeight = global.outerHeight || POPUP_HEIGHT;
    var left = Math.max(0, Math.round(screenLeft + (outerWidth - POPUP_WIDTH) / 2));
    var top = Math.max(0, Math.round(screenTop + (outerHeight - POPUP_HEIGHT) / 2));
    return 'popup=yes,width=' + POPUP_WIDTH + ',height=' + POPUP_HEIGHT + ',left=' + left + ',top=' + top;
  }

  function open(options) {
    if (!options || typeof options !== 'object') throw fail('options are required');
    if (typeof options.sessionId !== 'string' || !options.sessionId) throw fail('sessionId is required');
    var mode = options.mode == null ? 'redirect' : options.mode;
    if (MODES.indexOf(mode) === -1) throw fail('mode must be one of ' + MODES.join(', '));

    var height = mode === 'iframe' ? frameHeight(options.height) : null;
    var url = checkoutUrl(options);
    var origin = url.origin;
    var sessionId = options.sessionId;

    if (mode === 'redirect') {
      global.location.assign(url.href);
      return { close: function () {} };
    }

    var target = null; // the WindowProxy messages must come from
    var frame = null; // iframe mode: the element
    var popup = null; // popup / new_tab: the window
    var closed = false;
    var watchTimer = null;

    function call(name, message) {
      var callback = options[name];
      if (typeof callback !== 'function') return;
      try {
        callback(message);
      } catch (error) {
        // A merchant callback's error must not stop the SDK; surface it asynchronously.
        setTimeout(function () {
          throw error;
        }, 0);
      }
    }

    // Closes the popup; keeps trying until the browser reports it closed (a close() call made while the
    // window is navigating, e.g. to the successUrl, can be ignored).
    function closeWindowUntilClosed(win) {
      if (!win) return;
      var started = Date.now();
      function attempt() {
        try {
          if (win.closed) return;
          win.close();
        } catch (e) {
          // ignore: try again
        }
        if (Date.now() - started < CLOSE_RETRY_LIMIT_MS) setTimeout(attempt, CLOSE_RETRY_MS);
      }
      attempt();
    }

    // After PAYMENT_SUCCESS the checkout navigates the popup to your successUrl at once. A close() that
    // reaches the browser while that navigation is in flight can be lost, and Chromium then refuses every
    // later close() of that window. So wait until the navigation has landed (the successUrl is on this
    // page's origin: the popup's location becomes readable) or NAVIGATION_WAIT_MS has passed (another
    // origin, or no navigation), then close, retrying until it is closed.
    function closeAfterNavigation(win) {
      var started = Date.now();
      function wait() {
        if (!win || win.closed) return;
        var landed = false;
        try {
          landed = win.location.href !== 'about:blank' && win.document.readyState !== 'loading';
        } catch (e) {
          landed = false; // still the checkout (another origin), or navigating
        }
        if (landed || Date.now() - started >= NAVIGATION_WAIT_MS) closeWindowUntilClosed(win);
        else setTimeout(wait, NAVIGATION_POLL_MS);
      }
      wait();
    }

    function removeFrame() {
      if (frame && frame.parentNode) frame.parentNode.removeChild(frame);
    }

    function stopListening() {
      global.removeEventListener('message', onMessage);
      if (watchTimer !== null) clearInterval(watchTimer);
      watchTimer = null;
    }

    function onMessage(event) {
      if (closed) return;
      if (event.origin !== origin) return;
      if (!target || event.source !== target) return;
      var message = event.data;
      if (!message || typeof message !== 'object' || message.sessionId !== sessionId) return;
      var callbackName = CALLBACKS[message.type];
      if (!callbackName) return;

      if (mode === 'popup' && message.type === 'PAYMENT_SUCCESS') closeAfterNavigation(popup);
      if (mode === 'popup' && (message.type === 'PAYMENT_ERROR' || message.type === 'CHECKOUT_CANCELLED')) closeWindowUntilClosed(popup);
      if (mode === 'iframe' && message.type === 'CHECKOUT_CANCELLED') removeFrame();
      call(callbackName, message);
      if (message.type === 'CHECKOUT_CANCELLED' && mode === 'iframe') stopListening();
    }

    global.addEventListener('message', onMessage);

    if (mode === 'iframe') {
      var parent = resolveContainer(options.container);
      frame = global.document.createElement('iframe');
      frame.src = url.href;
      frame.title = 'Secure checkout';
      frame.setAttribute('allow', 'payment');
      frame.setAttribute('referrerpolicy', 'no-referrer');
      frame.style.width = '100%';
      frame.style.minHeight = height;
      frame.style.border = '0';
      frame.style.display = 'block';
      parent.appendChild(frame);
      target = frame.contentWindow;
    } else {
      // Not 'noopener': the checkout reports through window.opener.
      popup = global.open(url.href, mode === 'popup' ? 'vault_checkout_' + sessionId : '_blank', mode === 'popup' ? popupFeatures() : '');
      if (!popup) {
        stopListening();
        throw fail('the browser blocked the ' + (mode === 'popup' ? 'popup' : 'new tab') + '; call open() from a click', 'popup_blocked');
      }
      target = popup;
      try {
        popup.focus();
      } catch (e) {
        // ignore
      }
      // Once the window is gone nothing more can come from it: stop listening (messages it posted before
      // closing were queued long before this check runs).
      // (Closed on two checks in a row: a window swapping processes during a navigation can look closed
      // for an instant.)
      var closedChecks = 0;
      watchTimer = setInterval(function () {
        closedChecks = popup.closed ? closedChecks + 1 : 0;
        if (closedChecks >= 2) stopListening();
      }, WATCH_MS);
    }

    return {
      close: function () {
        if (closed) return;
        closed = true;
        stopListening();
        removeFrame();
        closeWindowUntilClosed(popup);
      },
    };
  }

  var api = { open: open, version: '1.0.0' };
  if (typeof global.VaultCheckout === 'undefined') global.VaultCheckout = api;
})(typeof window !== 'undefined' ? window : this);
