// A tiny stand-in for the Yandex Maps JS API 2.1, served by page.route() for
// https://api-maps.yandex.ru/** so map tests run offline. It draws the map as a clickable surface (a
// click reports FAKE_CLICK as the clicked point) and lists the placemarks as items, and offers
// window.__fakeYmapsDrag(lat, lng) to drag the last draggable placemark there.
export const FAKE_CLICK: [number, number] = [41.3111, 69.2797];

export const FAKE_YMAPS_SCRIPT = `(function () {
  function events() {
    var h = {};
    return {
      add: function (type, fn) { (h[type] = h[type] || []).push(fn); },
      fire: function (type, e) { (h[type] || []).forEach(function (fn) { fn(e); }); }
    };
  }
  var placemarks = [];
  function Placemark(coords, props, options) {
    var self = this;
    this.coords = coords; this.props = props || {}; this.options = options || {}; this.map = null;
    this.events = events();
    this.geometry = {
      getCoordinates: function () { return self.coords; },
      setCoordinates: function (c) { self.coords = c; if (self.map) self.map.render(); }
    };
    placemarks.push(this);
  }
  function Map(el, state) {
    var self = this;
    this.el = el; this.center = state.center; this.objects = []; this.events = events();
    this.geoObjects = {
      add: function (o) { o.map = self; self.objects.push(o); self.render(); },
      remove: function (o) { o.map = null; self.objects = self.objects.filter(function (x) { return x !== o; }); self.render(); },
      getBounds: function () {
        if (!self.objects.length) return null;
        var lats = self.objects.map(function (o) { return o.coords[0]; }), lngs = self.objects.map(function (o) { return o.coords[1]; });
        return [[Math.min.apply(null, lats), Math.min.apply(null, lngs)], [Math.max.apply(null, lats), Math.max.apply(null, lngs)]];
      }
    };
    var surface = document.createElement('button');
    surface.type = 'button';
    surface.textContent = 'fake map';
    surface.setAttribute('data-testid', 'fake-ymap-surface');
    surface.addEventListener('click', function () { self.events.fire('click', { get: function () { return ${JSON.stringify(FAKE_CLICK)}; } }); });
    this.list = document.createElement('ul');
    el.setAttribute('data-fake-ymap', 'ready');
    el.appendChild(surface);
    el.appendChild(this.list);
  }
  Map.prototype.render = function () {
    var list = this.list;
    list.innerHTML = '';
    this.objects.forEach(function (o) {
      var li = document.createElement('li');
      li.setAttribute('data-testid', 'fake-placemark');
      li.setAttribute('data-coords', o.coords.join(','));
      li.textContent = String(o.props.hintContent || '');
      list.appendChild(li);
    });
  };
  Map.prototype.setBounds = function (b) { this.bounds = b; };
  Map.prototype.setCenter = function (c) { this.center = c; };
  Map.prototype.destroy = function () { this.el.innerHTML = ''; };
  window.__fakeYmapsDrag = function (lat, lng) {
    var p = placemarks.filter(function (x) { return x.options.draggable && x.map; }).pop();
    if (!p) throw new Error('no draggable placemark');
    p.geometry.setCoordinates([lat, lng]);
    p.events.fire('dragend', { get: function () { return undefined; } });
  };
  window.ymaps = { ready: function (cb) { setTimeout(cb, 0); }, Map: Map, Placemark: Placemark };
})();`;
