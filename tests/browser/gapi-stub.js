/*
 * Test-only stand-in for Google's gapi loader (https://apis.google.com/js/api.js), which the
 * Firebase Auth SDK and the Auth emulator's helper iframe load to talk to each other. The
 * browser tests run offline, so the harness answers that URL with this file. Never shipped.
 *
 * It implements just what the two sides use: gapi.load('gapi.iframes', cb),
 * gapi.iframes.getContext().open({ url, where, attributes }, onOpen) on the page,
 * getContext().getParentIframe() in the iframe, and channels with register / send / ping /
 * restyle, carried over postMessage.
 */
(function () {
  'use strict';
  var TAG = '__gapiStub';
  var script = document.currentScript;
  var onloadName = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  var channels = [];
  var nextId = 1;

  function safely(fn) {
    try {
      fn();
    } catch (error) {
      // Real gapi swallows exceptions thrown by callbacks (the Firebase SDK throws from one on purpose).
    }
  }

  function Channel(getTarget) {
    this.getTarget = getTarget;
    this.handlers = {};
    this.waiting = {};
    this.queued = [];
    this.ready = false;
    channels.push(this);
  }

  Channel.prototype.post = function (message) {
    var target = this.getTarget();
    if (!target) return;
    message[TAG] = true;
    target.postMessage(message, '*');
  };

  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var still = [];
    var self = this;
    this.queued.forEach(function (call) {
      if (call.name === name) self.answer(call);
      else still.push(call);
    });
    this.queued = still;
  };

  Channel.prototype.answer = function (call) {
    var self = this;
    var handler = this.handlers[call.name];
    Promise.resolve()
      .then(function () {
        return handler(call.data);
      })
      .then(
        function (result) {
          self.post({ kind: 'reply', id: call.id, responses: [result] });
        },
        function () {
          self.post({ kind: 'reply', id: call.id, responses: [] });
        },
      );
  };

  Channel.prototype.send = function (name, data, callback) {
    var id = nextId++;
    var self = this;
    return new Promise(function (resolve) {
      self.waiting[id] = function (responses) {
        if (callback) safely(function () { callback(responses); });
        resolve(responses);
      };
      self.post({ kind: 'call', id: id, name: name, data: data });
    });
  };

  /** Resolves once the other side has a channel listening (the iframe has loaded its script). */
  Channel.prototype.ping = function (callback) {
    var self = this;
    return new Promise(function (resolve) {
      var timer = null;
      var id = nextId++;
      self.waiting[id] = function (responses) {
        clearInterval(timer);
        if (callback) safely(callback);
        resolve(responses);
      };
      function knock() {
        self.post({ kind: 'ping', id: id });
      }
      timer = setInterval(knock, 100);
      knock();
    });
  };

  Channel.prototype.restyle = function (style, callback) {
    if (callback) safely(callback);
    return Promise.resolve([]);
  };

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || message[TAG] !== true) return;
    var channel = null;
    for (var i = 0; i < channels.length; i++) {
      if (channels[i].getTarget() === event.source) channel = channels[i];
    }
    if (!channel) return;
    if (message.kind === 'ping') {
      channel.post({ kind: 'reply', id: message.id, responses: [] });
    } else if (message.kind === 'call') {
      if (channel.handlers[message.name]) channel.answer(message);
      else channel.queued.push(message);
    } else if (message.kind === 'reply') {
      var done = channel.waiting[message.id];
      delete channel.waiting[message.id];
      if (done) done(message.responses);
    }
  });

  var parentChannel = null;

  var context = {
    open: function (options, onOpen) {
      var iframe = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(iframe.style, attributes.style);
        else iframe.setAttribute(name, String(attributes[name]));
      });
      iframe.src = options.url;
      (options.where || document.body).appendChild(iframe);
      var channel = new Channel(function () {
        return iframe.contentWindow;
      });
      return Promise.resolve(onOpen ? onOpen(channel) : channel);
    },
    getParentIframe: function () {
      parentChannel = parentChannel || new Channel(function () {
        return window.parent;
      });
      return parentChannel;
    },
  };

  window.gapi = {
    load: function (name, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () {
        if (callback) callback();
      }, 0);
    },
    iframes: {
      Iframe: Channel,
      CROSS_ORIGIN_IFRAMES_FILTER: function () {
        return true;
      },
      getContext: function () {
        return context;
      },
    },
  };

  setTimeout(function () {
    if (onloadName && typeof window[onloadName] === 'function') window[onloadName]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
