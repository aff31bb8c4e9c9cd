// A stand-in for Google's gapi loader (https://apis.google.com/js/api.js), served by the Playwright
// tests instead of the real script (this network cannot reach Google, and the tests contact no
// third party). It implements only what the Firebase Auth SDK and the Auth emulator's helper iframe
// use, read from their sources:
//   - the loader: `?onload=<callback>` or `window.gapi_onload`, then gapi.load('gapi.iframes', {callback});
//   - in the app page (@firebase/auth _openIframe / BrowserPopupRedirectResolver):
//     gapi.iframes.getContext().open({where, url, attributes}, openCallback) → iframe with
//     restyle(), ping(cb) (a thenable), register(type, handler, filter), send(type, data, cb, filter);
//   - in the emulator's /emulator/auth/iframe page: getContext().getParentIframe() with
//     register(...) and send(...).
// Messages cross the frame boundary with postMessage, tagged so no other listener mistakes them.
(function () {
  'use strict';
  var TAG = '__manitasGapiStandIn';
  var FILTER = { crossOrigin: true };

  function safe(fn, arg) {
    try {
      return fn(arg);
    } catch (e) {
      // A throwing handler (the SDK throws after answering webStorageSupport) must not break the channel.
      setTimeout(function () {
        throw e;
      });
      return undefined;
    }
  }

  /** One end of a channel to `target` (a window): register handlers, send requests, answer replies. */
  function Channel(getTarget, isPeer) {
    var handlers = {};
    var pending = {};
    var queued = [];
    var seq = 0;

    function deliver(msg, source) {
      var handler = handlers[msg.type];
      if (!handler) {
        queued.push([msg, source]);
        return;
      }
      Promise.resolve(safe(handler, msg.data)).then(function (result) {
        source.postMessage({ tag: TAG, kind: 'reply', id: msg.id, result: [result] }, '*');
      });
    }

    window.addEventListener('message', function (e) {
      var d = e.data;
      if (!d || d.tag !== TAG || !isPeer(e.source)) return;
      if (d.kind === 'msg') deliver(d, e.source);
      else if (d.kind === 'reply' && pending[d.id]) {
        var cb = pending[d.id];
        delete pending[d.id];
        safe(cb, d.result);
      }
    });

    this.register = function (type, handler) {
      handlers[type] = handler;
      var waiting = queued.filter(function (q) {
        return q[0].type === type;
      });
      queued = queued.filter(function (q) {
        return q[0].type !== type;
      });
      waiting.forEach(function (q) {
        deliver(q[0], q[1]);
      });
    };
    this.send = function (type, data, cb) {
      var id = 'm' + ++seq + '-' + Math.random().toString(36).slice(2);
      if (cb) pending[id] = cb;
      var target = getTarget();
      if (target) target.postMessage({ tag: TAG, kind: 'msg', id: id, type: type, data: data }, '*');
    };
  }

  // Inside a frame, listen to the embedding page from the start: its first request may come
  // before the frame's own code asks for getParentIframe() (it is then queued until register()).
  var parentIframe = null;
  if (window.parent !== window) {
    var toParent = new Channel(
      function () {
        return window.parent;
      },
      function (src) {
        return src === window.parent;
      },
    );
    parentIframe = { register: toParent.register, send: toParent.send };
  }
  var context = {
    /** App page: embeds the helper iframe and resolves once openCallback's promise does. */
    open: function (opts, openCallback) {
      var el = document.createElement('iframe');
      var attrs = opts.attributes || {};
      Object.keys(attrs).forEach(function (k) {
        if (k === 'style')
          Object.keys(attrs.style).forEach(function (s) {
            el.style[s] = attrs.style[s];
          });
        else el.setAttribute(k, attrs[k]);
      });
      var loaded = new Promise(function (resolve) {
        el.addEventListener('load', function () {
          resolve();
        });
      });
      el.src = opts.url;
      (opts.where || document.body).appendChild(el);
      var channel = new Channel(
        function () {
          return el.contentWindow;
        },
        function (src) {
          return src === el.contentWindow;
        },
      );
      var iframe = {
        restyle: function () {
          return Promise.resolve();
        },
        ping: function (cb) {
          return loaded.then(function () {
            if (cb) safe(cb);
          });
        },
        register: channel.register,
        send: channel.send,
        getIframeEl: function () {
          return el;
        },
      };
      return Promise.resolve(openCallback ? openCallback(iframe) : iframe).then(function () {
        return iframe;
      });
    },
    /** Helper iframe: the channel to the page that embedded it. */
    getParentIframe: function () {
      return parentIframe;
    },
  };

  var gapi = window.gapi || {};
  gapi.iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: FILTER,
    getContext: function () {
      return context;
    },
    Iframe: function () {},
  };
  gapi.load = function (_modules, opts) {
    var cb = typeof opts === 'function' ? opts : opts && opts.callback;
    if (cb) setTimeout(cb, 0);
  };
  window.gapi = gapi;

  var onload = null;
  try {
    var src = document.currentScript && document.currentScript.src;
    if (src) onload = new URL(src).searchParams.get('onload');
  } catch {
    /* no parameter */
  }
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
