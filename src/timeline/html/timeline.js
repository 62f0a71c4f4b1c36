// SPDX-License-Identifier: GPL-2.0
// pmscope HTML timeline: draws the page's data (timeline/html_data.c: the
// JSON report's tables column-wise, plus the layout) on a canvas. Embedded into every report by src/timeline/html.c, inside CDATA:
// this file must never contain the characters that end CDATA or a script.
// Text from logs only ever reaches the page through textContent or the
// canvas, never as markup.
'use strict';
(function () {
	var errors = [];
	window.addEventListener('error', function (e) {
		errors.push(String(e.message));
		publish();
	});
	var consoleError = console.error;
	console.error = function () {
		errors.push(Array.prototype.join.call(arguments, ' '));
		consoleError.apply(console, arguments);
	};

	var $ = function (id) { return document.getElementById(id); };
	// the data comes in pieces (timeline/html.c): parsed faster than one
	var D = JSON.parse(Array.prototype.map.call(document.querySelectorAll('script.pmscope-data'),
		function (e) { return e.textContent; }).join(''));
	// The records' field names, the flag bits and the geometry come with
	// the data (timeline/html_data.c), so C and script cannot disagree.
	function fieldsOf(names) {
		var f = { n: names.length }, i;
		for (i = 0; i < names.length; i++) f[names[i]] = i;
		return f;
	}
	var SF = fieldsOf(D.fields.seg), WFD = fieldsOf(D.fields.wait);
	var DF = fieldsOf(D.fields.dev), NDEV = D.devs.length / DF.n;
	// a device's field by name: devs is flat, DF.n values a device
	function dev(d, f) { return D.devs[d * DF.n + DF[f]]; }
	var SEGF = SF.n, WF = WFD.n, WKF = D.fields.work.length;
	var F_CRIT = D.flags.crit, F_ERROR = D.flags.error, F_UNFIN = D.flags.unfinished,
	    F_SAID = D.flags.said;

	// A table column-wise (table_json_columns(), pmscope(1) HTML): each
	// column by its key, decoded into a value per row. A column is the
	// values, {steps} (the first, then each one's difference from the one
	// before), {same: v} for every row, or {strings, at} for strings.
	function ints(x) {
		var out, k, v = 0;
		if (Array.isArray(x)) return x;
		out = new Float64Array(x.steps.length);
		for (k = 0; k < out.length; k++) out[k] = v += x.steps[k];
		return out;
	}
	function column(col, n) {
		if (Array.isArray(col) || 'steps' in col) return ints(col);
		return strings(col, n, null);
	}
	// A column of strings (or of one value), or f of each row's value
	// with f called once a distinct string. (Arrays grow by push: one
	// made as new Array(n) of 10^5 or more is a slow dictionary.)
	function strings(col, n, f) {
		var out = [], k, at, v, none = null;
		if ('same' in col) {
			v = f ? f(col.same) : col.same;
			if (typeof v === 'number') return new Float64Array(n).fill(v);
			for (k = 0; k < n; k++) out.push(v);
			return out;
		}
		at = ints(col.at);
		v = f ? col.strings.map(f) : col.strings;
		if (f) none = f(null);
		for (k = 0; k < n; k++) out.push(at[k] < 0 ? none : v[at[k]]);
		return out;
	}
	// The columns, each decoded when first read: a page of 10^5
	// callbacks reads a few of them to draw.
	function columns(t) {
		var out = {}, k;
		function lazy(k) {
			Object.defineProperty(out, k, { enumerable: true, configurable: true, get: function () {
				var v = column(t.columns[k], t.rows);
				Object.defineProperty(out, k, { enumerable: true, value: v });
				return v;
			} });
		}
		for (k in t.columns) lazy(k);
		return out;
	}
	// A small table's rows as objects, members named as the columns.
	function rowsOf(t) {
		var cols = columns(t), out = [], i, k, r;
		for (i = 0; i < t.rows; i++) {
			r = {};
			for (k in cols) r[k] = cols[k][i];
			out.push(r);
		}
		return out;
	}
	var GEO = D.geometry;
	var MAX_ROWS = GEO.max_rows, ROW = GEO.row_px, GUT = GEO.gutter_px, RIGHT = GEO.margin_px,
	    CH = GEO.char_px, AXIS = 22, STRIP = 14;
	var FONT = GEO.font_px + 'px "' + GEO.font + '", monospace';
	var BOLD = 'bold ' + FONT;
	var canvas = $('tl'), g = canvas.getContext('2d');
	var st = { cyc: null, ci: -1, u0: 0, u1: 1, k: 1, match: null, nmatch: 0, sel: -1,
		   drawn: 0, drawMs: 0, pending: false, drag: null, ticks: [], steps: [], mode: 'threads',
		   hoverDev: -1, lit: 0, litPhases: 0, devSort: '', devSortDir: 1 };

	function ms(ns) { return (ns / 1e6).toFixed(3); }

	// Display units: log time, with the collapsed sleep squeezed to a
	// small fixed span so suspend and resume share one axis.
	function U(c, t) {
		if (t <= c.ca) return t;
		if (t >= c.cb) return t - (c.cb - c.ca) + c.cw;
		return c.ca + (t - c.ca) / (c.cb - c.ca) * c.cw;
	}
	function T(c, u) {
		if (u <= c.ca) return u;
		if (u >= c.ca + c.cw) return u - c.cw + (c.cb - c.ca);
		return c.ca + (u - c.ca) / c.cw * (c.cb - c.ca);
	}
	function X(u) { return GUT + (u - st.u0) * st.k; }
	// Where callback i's box starts and ends (ns from the cycle's start).
	function startOf(c, i) { return c.s[i]; }
	function endOf(c, i) { return c.e[i]; }

	// The cycle's facts are the JSON report's tables (c.tables): c.cbs
	// holds the callbacks' columns by key, c.phases and c.findings their
	// rows.
	function prepareTables(c) {
		c.n = c.tables.callbacks.rows;
		c.cbs = columns(c.tables.callbacks);
		c.phases = rowsOf(c.tables.phases);
		c.findings = rowsOf(c.tables.findings);
	}

	// The layout (c.layout) places the callbacks drawn, its boxes: c.boxes
	// their callbacks in its order (by lane, then start), and by callback,
	// its box (boxOf, -1 none), device, row, flags, start (s), drawn end
	// (e) and fill.
	function prepareBoxes(c) {
		var B = c.layout.boxes, b = columns(B), i, k, n = c.n, nb = B.rows, bdev = b.dev, brow = b.row,
		    bflags = b.flags, boxes, boxOf, dev, row, flags;
		c.lanes = c.layout.lanes;
		c.nb = nb;
		boxes = c.boxes = Int32Array.from(b.cb);
		boxOf = c.boxOf = new Int32Array(n).fill(-1);
		dev = c.dev = new Int32Array(n).fill(-1);
		row = c.row = new Int32Array(n);
		flags = c.flags = new Int32Array(n);
		for (k = 0; k < nb; k++) {
			i = boxes[k];
			boxOf[i] = k;
			dev[i] = bdev[k];
			row[i] = brow[k];
			flags[i] = bflags[k];
		}
		c.s = c.cbs.start_ns;
		c.e = drawnEnds(c, B.columns.drawn_end_ns, b);
		c.fill = fills(c);
	}

	// Where each box ends: where its callback ends, unless the layout says.
	function drawnEnds(c, col, b) {
		var end = c.cbs.end_ns, ends, e, k;
		if ('same' in col && col.same === null) return end;
		ends = b.drawn_end_ns;
		e = new Float64Array(c.n);
		for (k = 0; k < c.n; k++) e[k] = end[k] !== null ? end[k] : NaN;
		for (k = 0; k < c.nb; k++) if (ends[k] !== null) e[c.boxes[k]] = ends[k];
		return e;
	}

	// Each callback's fill: its phase kind's colour.
	function fills(c) {
		var fill = Object.create(null), k;
		for (k = c.phases.length - 1; k >= 0; k--) fill[c.phases[k].name] = D.palette[c.phases[k].kind][0];
		return strings(c.tables.callbacks.columns.phase, c.n, function (p) {
			return p !== null && fill[p] ? fill[p] : '#cccccc';
		});
	}

	function prepare(c) {
		if (c.ready) return;
		var i;
		prepareTables(c);
		prepareBoxes(c);
		if (c.sleep) {
			// the squeeze of the C layout (tl_x): the sleep is drawn as
			// long as this much awake time
			c.ca = c.sleep.start;
			c.cb = c.sleep.end;
			c.cw = Math.max(1000, c.sleep.drawn_as);
		} else {
			c.ca = c.cb = Infinity;
			c.cw = 0;
		}
		prepareWorks(c);
		c.views = {};
		c.graphOf = {};
		for (i = 0; i < c.graphs.length; i++) c.graphOf[c.graphs[i].cb] = c.graphs[i];
		c.blockedBy = {};
		c.waitedBy = {};
		for (i = 0; i < c.waits.length; i += WF) {
			var wc = c.waits[i + WFD.waited_cb];
			c.blockedBy[c.waits[i + WFD.cb]] = i;
			if (wc >= 0) (c.waitedBy[wc] = c.waitedBy[wc] || []).push(i);
		}
		c.ready = true;
	}

	// A view is one way to put the callbacks drawn into lanes: lanes
	// [{label, bold, rows}], each callback's lane and row, the callbacks
	// ordered by lane then start (order), where each lane starts in that
	// order (first), its longest callback (max) and its y.
	function finishView(c, v) {
		var nl = v.lanes.length, l, i, k, y = AXIS + STRIP + 8;
		v.first = new Int32Array(nl + 1).fill(c.nb);
		v.max = new Float64Array(nl);
		for (k = c.nb - 1; k >= 0; k--) {
			i = v.order[k];
			l = v.lane[i];
			v.first[l] = k;
			v.max[l] = Math.max(v.max[l], endOf(c, i) - startOf(c, i));
		}
		for (l = nl - 1; l >= 0; l--)
			if (v.first[l] > v.first[l + 1]) v.first[l] = v.first[l + 1];
		v.y = [];
		for (l = 0; l < nl; l++) {
			v.y.push(y);
			y += v.lanes[l].rows * ROW + 4;
		}
		// under them, a lane per thread that worked outside callbacks
		v.wy = [];
		if (shownWorkLanes(c).length) y += ROW;
		for (l = 0; l < shownWorkLanes(c).length; l++) {
			v.wy.push(y);
			y += ROW + 4;
		}
		v.height = Math.max(y, AXIS + STRIP + 8 + 2 * ROW) + 8;
		return v;
	}

	// Work outside callbacks (timeline/html_data.c works: [start, end,
	// pid, fn, comm]): one lane per thread, by pid.
	function prepareWorks(c) {
		var i, pid, by = {}, pids = [];
		c.works = c.works || [];
		c.workLane = [];
		for (i = 0; i < c.works.length; i += WKF) {
			pid = c.works[i + 2];
			if (!(pid in by)) {
				by[pid] = pids.length;
				pids.push({ pid: pid, label: pid + (c.works[i + 4] ? ' ' + c.works[i + 4] : '') });
			}
		}
		pids.sort(function (a, b) { return a.pid - b.pid; });
		for (i = 0; i < pids.length; i++) by[pids[i].pid] = i;
		for (i = 0; i < c.works.length; i += WKF) c.workLane.push(by[c.works[i + 2]]);
		c.workLanes = pids;
	}

	function drawWorks(c, W, v) {
		var i, k, x0, x1, y, px, last = new Float64Array(c.workLanes.length).fill(-1), labels = [];
		st.worksDrawn = 0;
		if (!shownWorkLanes(c).length) return;
		g.fillStyle = '#b8b8b8';
		for (i = 0, k = 0; i < c.works.length; i += WKF, k++) {
			x0 = X(U(c, c.works[i]));
			x1 = X(U(c, c.works[i + 1]));
			if (x1 < GUT || x0 > W) continue;
			if (x1 - x0 < 1) {
				px = Math.floor(x0);
				if (last[c.workLane[k]] === px) continue;
				last[c.workLane[k]] = px;
				x1 = x0 + 1;
			}
			if (x0 < GUT) x0 = GUT;
			y = v.wy[c.workLane[k]] + 2;
			g.fillRect(x0, y, x1 - x0, ROW - 2);
			if (x1 - x0 > 20 && c.works[i + 3].length * CH <= x1 - x0 - 4)
				labels.push(c.works[i + 3], x0 + 2, y + 11);
			st.worksDrawn++;
		}
		g.fillStyle = D.colors.text;
		for (i = 0; i < labels.length; i += 3) g.fillText(labels[i], labels[i + 1], labels[i + 2]);
	}

	// Lanes by thread, as the layout (timeline/html_data.c) placed them:
	// its boxes come by lane, each lane saying how many it has.
	function threadView(c) {
		var v = { lanes: [], lane: new Int32Array(c.n), row: c.row, order: c.boxes }, i, k, ln, end;
		for (i = 0, k = 0; i < c.lanes.length; i++) {
			ln = c.lanes[i];
			v.lanes.push({ rows: ln.rows, bold: ln.main,
				label: ln.pid < 0 ? 'thread unknown' : ln.pid + (ln.main ? ' driving' : ln.comm ? ' ' + ln.comm : '') });
			for (end = Math.min(k + ln.boxes, c.nb); k < end; k++) v.lane[c.boxes[k]] = i;
		}
		return finishView(c, v);
	}

	// Lanes by device tree: one per device right below a root (a PCI host
	// bridge's functions, platform devices ...), devices whose parent is
	// not known together in one lane; rows packed by time.
	function treeView(c) {
		var v = { lanes: [], lane: new Int32Array(c.n), row: new Int32Array(c.n), order: new Int32Array(c.nb) };
		var groupOf = {}, hasChild = {}, i, k, d, p, top, key, lanes = {}, idx = [], rowEnd, l, r, s;
		// callbacks that start together: in the layout's order
		function byStart(a, b) { return startOf(c, a) - startOf(c, b) || c.boxOf[a] - c.boxOf[b]; }
		for (d = 0; d < NDEV; d++) if (dev(d, 'parent') >= 0) hasChild[dev(d, 'parent')] = 1;
		function group(d) {
			var chain = [d], k = 0;
			while (dev(chain[chain.length - 1], 'parent') >= 0 && k++ < 64) chain.push(dev(chain[chain.length - 1], 'parent'));
			if (chain.length >= 2) return chain[chain.length - 2];
			return hasChild[d] ? d : -1;
		}
		for (k = 0; k < c.nb; k++) {
			i = c.boxes[k];
			d = c.dev[i];
			if (groupOf[d] === undefined) groupOf[d] = group(d);
			idx.push(i);
		}
		idx.sort(byStart);
		for (i = 0; i < idx.length; i++) {	// lanes in order of their first callback
			top = groupOf[c.dev[idx[i]]];
			key = String(top);
			if (lanes[key] === undefined) {
				lanes[key] = v.lanes.length;
				v.lanes.push({ rows: 1, bold: false, label: top < 0 ? 'parent unknown' : dev(top, 'name'), ends: [] });
			}
			v.lane[idx[i]] = lanes[key];
		}
		idx.sort(function (a, b) { return v.lane[a] - v.lane[b] || byStart(a, b); });
		for (i = 0; i < idx.length; i++) {
			l = v.lanes[v.lane[idx[i]]];
			rowEnd = l.ends;
			s = startOf(c, idx[i]);
			for (r = 0; r < rowEnd.length && rowEnd[r] > s; r++);
			if (r === MAX_ROWS) {	// full: the row that frees first
				for (r = 0, p = 1; p < MAX_ROWS; p++) if (rowEnd[p] < rowEnd[r]) r = p;
			}
			rowEnd[r] = endOf(c, idx[i]);
			v.row[idx[i]] = r;
			l.rows = Math.max(l.rows, r + 1);
			v.order[i] = idx[i];
		}
		return finishView(c, v);
	}

	function view(c) {
		var m = st.mode === 'tree' ? 'tree' : 'threads', k = m + (st.hideWorks ? '' : '+works');
		if (!c.views[k]) c.views[k] = m === 'tree' ? treeView(c) : threadView(c);
		return c.views[k];
	}
	// The work lanes a view shows: none when the box is unticked.
	function shownWorkLanes(c) { return st.hideWorks ? [] : c.workLanes; }

	function devName(d) { return d >= 0 ? dev(d, 'name') : '?'; }
	// "1-2 {usb}": callback i's device and driver
	function label(c, i) {
		var drv = c.cbs.driver[i];
		return drv ? c.cbs.device[i] + ' {' + drv + '}' : c.cbs.device[i];
	}
	function phaseName(c, p) { return p >= 0 ? c.phases[p].name : '?'; }
	function cbPhase(c, i) { return c.cbs.phase[i] !== null ? c.cbs.phase[i] : '?'; }
	// callback i's thread, -1 not known
	function pidOf(c, i) { return c.cbs.pid[i] !== null ? c.cbs.pid[i] : -1; }
	// "36 kworker/u8:1": a thread's pid and the task name the trace gave it
	function threadName(c, pid) {
		var k;
		if (pid === null || pid < 0) return 'unknown';
		for (k = 0; k < c.lanes.length; k++)
			if (c.lanes[k].pid === pid && c.lanes[k].comm) return pid + ' ' + c.lanes[k].comm;
		return String(pid);
	}

	// 1, 2 or 5 times a power of ten ns, at least raw
	function niceStep(raw) {
		var p = 1000, m = [1, 2, 5], j;
		for (;;) {
			for (j = 0; j < 3; j++) if (p * m[j] >= raw) return p * m[j];
			p *= 10;
		}
	}

	function drawTicks(c, W, H) {
		var step = niceStep(100 / st.k), dec = step >= 1e6 ? 0 : step >= 1e5 ? 1 : step >= 1e4 ? 2 : 3;
		var pieces = [[st.u0, Math.min(st.u1, c.ca)], [Math.max(st.u0, c.ca + c.cw), st.u1]];
		var last = -1e9, p, t, x, s, hw;
		st.ticks = [];
		for (p = 0; p < 2; p++) {
			if (pieces[p][1] <= pieces[p][0]) continue;
			var a = T(c, pieces[p][0]), b = T(c, pieces[p][1]);
			for (t = Math.ceil(a / step) * step; t <= b; t += step) {
				x = X(U(c, t));
				s = (t / 1e6).toFixed(dec);
				hw = s.length * CH / 2;
				if (x - hw < last + 8 || x + hw > W - 2 || x < GUT) continue;
				g.fillStyle = '#dddddd';
				g.fillRect(x, AXIS, 1, H - AXIS);
				st.ticks.push(x, s);	// labels go on after the gutter
				last = x + hw;
			}
		}
	}

	function drawBands(c, W, H) {
		var i, p, x0, x1;
		for (i = 0; i < c.phases.length; i++) {
			p = c.phases[i];
			if (p.start_ns === null || p.end_ns === null) continue;
			x0 = X(U(c, p.start_ns));
			x1 = X(U(c, p.end_ns));
			if (x1 < GUT || x0 > W) continue;
			g.fillStyle = D.palette[p.kind][1];
			g.fillRect(x0, AXIS, Math.max(x1 - x0, 1), H - AXIS);
		}
		if (c.sleep) {
			x0 = X(c.ca);
			x1 = X(c.ca + c.cw);
			g.fillStyle = '#e4e4e4';
			g.fillRect(x0, AXIS, x1 - x0, H - AXIS);
			g.strokeStyle = '#999999';
			g.strokeRect(x0 + 0.5, AXIS + 0.5, x1 - x0 - 1, H - AXIS - 1);
			if (x1 - x0 > 8 * CH) {
				g.fillStyle = D.colors.text;
				g.textAlign = 'center';
				g.fillText(c.sleep.phase >= 0 ? 'machine' : 'asleep', (x0 + x1) / 2, AXIS + 14);
				g.fillText((c.cb - c.ca) / 1e6 >= 100 ? ((c.cb - c.ca) / 1e6).toFixed(1) + ' ms' :
					   ms(c.cb - c.ca) + ' ms', (x0 + x1) / 2, AXIS + 28);
				g.textAlign = 'left';
			}
		}
	}

	// A boot's milestones (/init, systemd): a dashed line down the lanes,
	// its name and time where the view's lanes begin, so it stays in sight
	// while scrolling: the long empty stretch of a boot is user space.
	function drawMilestones(c, H) {
		var i, m, x, t, y0 = Math.max(st.visTop, AXIS + STRIP + 4) + 12, y = y0, free = 0;
		st.milestones = [];
		if (!c.milestones) return;
		g.save();
		g.strokeStyle = g.fillStyle = D.colors.milestone;
		g.setLineDash([4, 3]);
		for (i = 0; i < c.milestones.length; i++) {
			m = c.milestones[i];
			x = Math.round(X(U(c, m[0]))) + 0.5;
			g.beginPath();
			g.moveTo(x, AXIS);
			g.lineTo(x, H);
			g.stroke();
			t = m[1];
			// one close after another goes a line down, not over it
			y = x + 3 < free ? y + 14 : y0;
			g.fillText(t, x + 3, y);
			free = x + 3 + g.measureText(t).width;
			if (x >= GUT) st.milestones.push(t);
		}
		g.restore();
	}

	// A redraw sets each style once and then draws that style's rectangles
	// (fillRect and strokeRect: a path of many rectangles rasterizes far
	// slower): a canvas parses every style string it is given, and a
	// zoomed-out cycle of 10^5 callbacks has 10^4 boxes and 10^5 path
	// segments in view. Shapes narrower than a pixel are drawn once per
	// pixel column (and lane row, or strip kind).
	function bucket(m, style, alpha, width) {
		var k = style + ' ' + alpha + ' ' + width;
		if (!m[k]) m[k] = { style: style, alpha: alpha, width: width, r: [] };
		return m[k].r;
	}
	function paint(m, stroke) {
		var k, b, i;
		for (k in m) {
			b = m[k];
			g.globalAlpha = b.alpha;
			if (stroke) {
				g.strokeStyle = b.style;
				g.lineWidth = b.width;
				for (i = 0; i < b.r.length; i += 4) g.strokeRect(b.r[i], b.r[i + 1], b.r[i + 2], b.r[i + 3]);
			} else {
				g.fillStyle = b.style;
				for (i = 0; i < b.r.length; i += 4) g.fillRect(b.r[i], b.r[i + 1], b.r[i + 2], b.r[i + 3]);
			}
		}
		g.globalAlpha = 1;
		g.lineWidth = 1;
	}

	function drawStrip(c, W) {
		var fill = [D.colors.crit, D.colors.wait, D.colors.gap], rects = [[], [], []], last = [-1, -1, -1];
		var i, k, x0, x1, px, y = AXIS + 4, r;
		for (i = 0; i < c.segs.length; i += SEGF) {
			x0 = X(U(c, c.segs[i + SF.start]));
			x1 = X(U(c, c.segs[i + SF.end]));
			if (x1 < GUT || x0 > W) continue;
			k = c.segs[i + SF.kind];
			if (x1 - x0 < 1) {
				px = Math.floor(x0);
				if (last[k] === px) continue;
				last[k] = px;
			}
			rects[k].push(x0, y, Math.max(x1 - x0, 0.5), STRIP - 2);
		}
		for (k = 2; k >= 0; k--) {	// the path's own runs on top
			g.fillStyle = fill[k];
			r = rects[k];
			for (i = 0; i < r.length; i += 4) g.fillRect(r[i], r[i + 1], r[i + 2], r[i + 3]);
		}
	}

	function boxY(c, i) {
		var v = view(c);
		return v.y[v.lane[i]] + 2 + v.row[i] * ROW;
	}

	function drawBoxes(c, W) {
		var i, k, x0, x1, y, w, fl, key, px, drawn = 0, txt, said = 0, a;
		var v = view(c), last = new Float64Array(v.lanes.length * MAX_ROWS).fill(-1);
		var fills = {}, strokes = {}, marks = {}, labels = [], p;
		for (k = 0; k < c.nb; k++) {	// in the layout's order
			i = c.boxes[k];
			x0 = X(U(c, c.s[i]));
			x1 = X(U(c, c.e[i]));
			if (x1 < GUT || x0 > W) continue;
			w = x1 - x0;
			if (w < 1) {	// many boxes in one pixel column: draw one
				key = v.lane[i] * MAX_ROWS + v.row[i];
				px = Math.floor(x0);
				if (last[key] === px) continue;
				last[key] = px;
				w = 1;
			}
			if (x0 < GUT) { w -= GUT - x0; x0 = GUT; }
			y = v.y[v.lane[i]] + 2 + v.row[i] * ROW;	// boxY()
			fl = c.flags[i];
			if (y + ROW < st.visTop || y - 10 > st.visBot) {	// off the screen
				if (fl & F_SAID) said++;
				drawn++;
				continue;
			}
			a = st.match && !st.match[i] ? 0.15 : 1;
			bucket(fills, c.fill[i], a, 0).push(x0, y, w, ROW - 2);
			if (fl & F_CRIT)
				bucket(strokes, D.colors.crit, a, 2).push(x0, y, w, ROW - 2);
			else if (fl & (F_ERROR | F_UNFIN))
				bucket(strokes, D.colors.error, a, 1.5).push(x0, y, w, ROW - 2);
			else if (w > 3)
				bucket(strokes, '#444444', a, 0.5).push(x0, y, w, ROW - 2);
			if (w > 20) {
				txt = label(c, i);
				if (txt.length * CH > w - 4) txt = c.cbs.device[i];
				if (txt.length * CH <= w - 4) labels.push(txt, x0 + 2, y + 11, a);
			}
			if (fl & (F_ERROR | F_UNFIN | F_SAID)) {
				px = fl & F_UNFIN ? x1 : x0;
				bucket(marks, fl & (F_ERROR | F_UNFIN) ? D.colors.error : D.colors.said, a, 0).push(px, y);
			}
			if (fl & F_SAID) said++;
			drawn++;
		}
		paint(fills, false);
		drawSpans(c, v);
		paint(strokes, true);
		g.fillStyle = D.colors.text;
		for (i = 0; i < labels.length; i += 4) {
			g.globalAlpha = labels[i + 3];
			g.fillText(labels[i], labels[i + 1], labels[i + 2]);
		}
		for (key in marks) {	// few: one path each
			p = new Path2D();
			for (i = 0; i < marks[key].r.length; i += 2) {
				px = marks[key].r[i];
				y = marks[key].r[i + 1];
				p.moveTo(px, y);
				p.lineTo(px - 4, y - 8);
				p.lineTo(px + 4, y - 8);
				p.closePath();
			}
			g.globalAlpha = marks[key].alpha;
			g.fillStyle = marks[key].style;
			g.fill(p);
		}
		g.globalAlpha = 1;
		st.saidMarks = said;
		return drawn;
	}

	// Where a callback slept (function_graph or kprobe sleeps, the longest
	// few): lighter bands inside its box, once the box is wide enough to
	// tell them apart.
	function drawSpans(c, v) {
		var k, gr, i, b, x0, x1, bx0, bx1, y, sp;
		g.fillStyle = D.colors.sleep;
		g.globalAlpha = 0.6;
		st.spansDrawn = 0;
		for (k = 0; k < c.graphs.length; k++) {
			gr = c.graphs[k];
			sp = gr.spans;
			if (!sp || !sp.length) continue;
			b = gr.cb;
			bx0 = X(U(c, startOf(c, b)));
			bx1 = X(U(c, endOf(c, b)));
			if (bx1 - bx0 < D.geometry.sleep_min_px || bx1 < GUT || bx0 > g.canvas.width) continue;
			y = v.y[v.lane[b]] + 2 + v.row[b] * ROW;
			for (i = 0; i < sp.length; i += 3) {
				x0 = Math.max(X(U(c, sp[i])), bx0, GUT);
				x1 = Math.min(X(U(c, sp[i + 1])), bx1);
				if (x1 - x0 < 1) continue;
				g.fillRect(x0, y + 3, x1 - x0, ROW - 8);
				st.spansDrawn++;
			}
		}
		g.globalAlpha = 1;
	}

	// Blocked sync callbacks' waits: bars under the boxes (the driving
	// thread was idle then), dashed lines from what they waited for on top.
	// Dashed lines are the slowest thing a canvas draws: a line whose ends
	// fall on the pixels of one drawn already is left out, and a view
	// draws at most WAIT_LINES of them, those of the waits that lost most.
	var WAIT_LINES = 500;
	function drawWaits(c, lines, W) {
		var i, k, b, wcb, x0, x1, y, xa, ya, key, p = new Path2D(), bars = [], seen = new Set();
		if (lines && !c.waitsByLost) {
			c.waitsByLost = [];
			for (i = 0; i < c.waits.length; i += WF) c.waitsByLost.push(i);
			c.waitsByLost.sort(function (a, b) { return c.waits[b + WFD.lost] - c.waits[a + WFD.lost] || a - b; });
		}
		st.waitLines = 0;
		for (k = 0; k < c.waits.length / WF && st.waitLines < WAIT_LINES; k++) {
			i = lines ? c.waitsByLost[k] : k * WF;
			b = c.waits[i + WFD.cb];
			if (b < 0) continue;
			x1 = X(U(c, startOf(c, b)));
			x0 = c.waits[i + WFD.ready] >= 0 ? X(U(c, c.waits[i + WFD.ready])) : x1;
			if (!lines && (x1 < GUT || x0 > W)) continue;
			y = boxY(c, b) + ROW / 2 - 1;
			wcb = c.waits[i + WFD.waited_cb];
			if (!lines) {
				bars.push(x0, y - 3, x1 - x0, 6);
			} else if (wcb >= 0) {
				xa = X(U(c, endOf(c, wcb)));
				ya = boxY(c, wcb) + ROW / 2 - 1;
				if ((xa < GUT && x1 < GUT) || (xa > W && x1 > W)) continue;
				key = Math.round(xa) + ' ' + ya + ' ' + Math.round(x1) + ' ' + y;
				if (seen.has(key)) continue;
				seen.add(key);
				p.moveTo(xa, ya);
				p.lineTo(x1, y);
				st.waitLines++;
			}
		}
		if (!lines) {
			g.fillStyle = D.colors.wait;
			for (i = 0; i < bars.length; i += 4) g.fillRect(bars[i], bars[i + 1], bars[i + 2], bars[i + 3]);
			return;
		}
		g.setLineDash([4, 3]);
		g.strokeStyle = D.colors.crit;
		g.stroke(p);
		g.setLineDash([]);
	}

	function drawGutter(c, W, H) {
		var l, ln, s, v = view(c);
		g.fillStyle = '#ffffff';
		g.fillRect(0, 0, GUT, H);
		g.font = BOLD;
		g.fillStyle = D.colors.crit;
		if (c.segs.length) g.fillText('critical path', 4, AXIS + 14);
		for (l = 0; l < v.lanes.length; l++) {
			ln = v.lanes[l];
			g.fillStyle = '#bbbbbb';
			g.fillRect(4, v.y[l], W - 4 - RIGHT, 0.5);
			s = ln.label;
			if (s.length * CH > GUT - 10) s = s.slice(0, Math.floor((GUT - 10) / CH) - 1) + '~';
			g.font = ln.bold ? BOLD : FONT;
			g.fillStyle = D.colors.text;
			g.fillText(s, 4, v.y[l] + 13);
		}
		if (shownWorkLanes(c).length) {
			g.font = BOLD;
			g.fillStyle = D.colors.text;
			g.fillText('outside callbacks', 4, v.wy[0] - 4);
			g.font = FONT;
		}
		for (l = 0; l < shownWorkLanes(c).length; l++) {
			s = c.workLanes[l].label;
			if (s.length * CH > GUT - 10) s = s.slice(0, Math.floor((GUT - 10) / CH) - 1) + '~';
			g.fillStyle = '#bbbbbb';
			g.fillRect(4, v.wy[l], W - 4 - RIGHT, 0.5);
			g.fillStyle = D.colors.text;
			g.fillText(s, 4, v.wy[l] + 13);
		}
		g.font = FONT;
		g.fillStyle = D.colors.text;	// not the path's red, when no lane set it
		g.textAlign = 'center';
		for (l = 0; l < st.ticks.length; l += 2) g.fillText(st.ticks[l + 1], st.ticks[l], AXIS - 8);
		g.textAlign = 'right';
		g.fillText('ms', GUT - 8, AXIS - 8);
		g.textAlign = 'left';
		if (!v.lanes.length) g.fillText('no device callbacks logged here', GUT + 4, AXIS + STRIP + 20);
	}

	function drawSelection(c) {
		if (st.sel < 0) return;
		var x0 = X(U(c, startOf(c, st.sel))), x1 = X(U(c, endOf(c, st.sel)));
		g.strokeStyle = '#000000';
		g.lineWidth = 2;
		g.strokeRect(x0 - 2, boxY(c, st.sel) - 2, Math.max(x1 - x0, 1) + 4, ROW + 2);
		g.lineWidth = 1;
	}

	// Cross-phase hover: every box of the hovered device, in every phase.
	function boxesOfDev(c, d) {
		var i, k;
		if (!c.boxesOf) {
			c.boxesOf = {};
			for (k = 0; k < c.nb; k++) {
				i = c.boxes[k];
				(c.boxesOf[c.dev[i]] = c.boxesOf[c.dev[i]] || []).push(i);
			}
		}
		return c.boxesOf[d] || [];
	}

	function drawLit(c) {
		var b, k, i, x0, x1, ph = Object.create(null);
		st.lit = 0;
		st.litPhases = 0;
		if (st.hoverDev < 0) return;
		b = boxesOfDev(c, st.hoverDev);
		g.strokeStyle = '#0070f0';
		g.lineWidth = 2;
		for (k = 0; k < b.length; k++) {
			i = b[k];
			x0 = X(U(c, startOf(c, i)));
			x1 = X(U(c, endOf(c, i)));
			g.strokeRect(x0 - 1, boxY(c, i) - 1, Math.max(x1 - x0, 1) + 2, ROW);
			st.lit++;
			if (!ph[cbPhase(c, i)]) { ph[cbPhase(c, i)] = 1; st.litPhases++; }
		}
		g.lineWidth = 1;
	}

	function setHover(d) {
		if (d === st.hoverDev) return;
		st.hoverDev = d;
		var rows = document.querySelectorAll('#devtab tr.lit'), k;
		for (k = 0; k < rows.length; k++) rows[k].className = '';
		if (d >= 0 && st.devRow && st.devRow[d]) st.devRow[d].className = 'lit';
		redraw();
	}

	// ---- the device table (timeline/html_devtab.c): rows in tree order
	var DEVTAB_SHOW = 2000;

	function devtabCols(c) {
		var t = c.devtab, f = fieldsOf(t.fields), cols = [], k;
		cols.push({ key: 'device', head: 'device', num: false });
		cols.push({ key: 'driver', head: 'driver', num: false });
		cols.push({ key: 'async_flag', head: 'async', num: false, title: 'power/async from the system facts' });
		cols.push({ key: 'ran', head: 'ran', num: false, title: 'how its callbacks ran in this cycle' });
		cols.push({ key: 'callbacks', head: 'callbacks', num: true, at: f.callbacks });
		cols.push({ key: 'total', head: 'total ms', num: true, at: f.total, ms: true });
		for (k = 0; k < t.phases.length; k++)
			cols.push({ key: phaseName(c, t.phases[k]), head: phaseName(c, t.phases[k]), num: true,
				    at: f.n + k, ms: true });
		return { cols: cols, f: f, width: f.n + t.phases.length };
	}

	function cellText(c, tc, col, r) {
		var t = c.devtab, v, d = t.rows[r * tc.width + tc.f.dev];
		if (col.key === 'device') return dev(d, 'name');
		if (col.key === 'driver') return dev(d, 'driver') || '';
		if (col.key === 'async_flag') {
			v = t.rows[r * tc.width + tc.f.async_flag];
			return v > 0 ? 'yes' : v === 0 ? 'no' : '?';
		}
		if (col.key === 'ran') {
			v = t.rows[r * tc.width + tc.f.ran];
			return v === (t.ran.sync | t.ran.async) ? 'both' : v & t.ran.async ? 'async' : 'sync';
		}
		v = t.rows[r * tc.width + col.at];
		return col.ms ? (v ? ms(v) : '') : String(v);
	}

	// The rows in the chosen order: tree order, or by a column (numbers
	// largest first, names a to z; a second click turns it round).
	function devtabOrder(c, tc) {
		var n = c.devtab.rows.length / tc.width, o = [], k, col = null, dir = st.devSortDir;
		for (k = 0; k < n; k++) o.push(k);
		for (k = 0; k < tc.cols.length; k++) if (tc.cols[k].key === st.devSort) col = tc.cols[k];
		if (!col) return o;
		o.sort(function (a, b) {
			var x, y;
			if (col.num) { x = c.devtab.rows[a * tc.width + col.at]; y = c.devtab.rows[b * tc.width + col.at]; }
			else { x = cellText(c, tc, col, a); y = cellText(c, tc, col, b); }
			if (x === y) return a - b;
			return (col.num ? (x > y ? -1 : 1) : (x < y ? -1 : 1)) * dir;
		});
		return o;
	}

	function buildDevtab(c) {
		var box = $('devtab'), tc = devtabCols(c), tb = document.createElement('table'), tr, th, td, k, j, r, o, d;
		box.textContent = '';
		st.devRow = {};
		tr = document.createElement('tr');
		for (k = 0; k < tc.cols.length; k++) {
			th = document.createElement('th');
			th.textContent = tc.cols[k].head + (st.devSort === tc.cols[k].key ? (st.devSortDir > 0 ? ' \u25bc' : ' \u25b2') : '');
			th.setAttribute('data-key', tc.cols[k].key);
			if (tc.cols[k].title) th.title = tc.cols[k].title;
			if (tc.cols[k].num) th.className = 'num';
			th.addEventListener('click', onDevSort);
			tr.appendChild(th);
		}
		tb.appendChild(tr);
		o = devtabOrder(c, tc);
		for (j = 0; j < o.length && j < DEVTAB_SHOW; j++) {
			r = o[j];
			d = c.devtab.rows[r * tc.width + tc.f.dev];
			tr = document.createElement('tr');
			tr.devIndex = d;
			st.devRow[d] = tr;
			for (k = 0; k < tc.cols.length; k++) {
				td = document.createElement('td');
				td.textContent = cellText(c, tc, tc.cols[k], r);
				if (k === 0 && !st.devSort) td.style.paddingLeft = (c.devtab.rows[r * tc.width + tc.f.depth] * 1.2) + 'em';
				if (tc.cols[k].num) td.className = 'num';
				tr.appendChild(td);
			}
			tb.appendChild(tr);
		}
		tb.addEventListener('click', onDevRow);
		tb.addEventListener('mouseover', function (e) {
			var t = e.target.closest ? e.target.closest('tr') : null;
			if (t && t.devIndex !== undefined) setHover(t.devIndex);
		});
		tb.addEventListener('mouseleave', function () { setHover(-1); });
		box.appendChild(tb);
		if (o.length > DEVTAB_SHOW) {
			td = document.createElement('p');
			td.textContent = 'the first ' + DEVTAB_SHOW + ' of ' + o.length + ' devices in this order';
			box.appendChild(td);
		}
		st.devtabRows = Math.min(o.length, DEVTAB_SHOW);
		st.devtabFirst = o.length ? dev(c.devtab.rows[o[0] * tc.width + tc.f.dev], 'name') : '';
		st.devtabNames = o.slice(0, DEVTAB_SHOW).map(function (r) {
			return dev(c.devtab.rows[r * tc.width + tc.f.dev], 'name');
		}).join('|');
		c.devtabBuilt = true;
		publish();
	}

	function onDevSort(e) {
		var key = e.currentTarget.getAttribute('data-key');
		if (key === 'device' && st.devSort === 'device' && st.devSortDir < 0) { st.devSort = ''; st.devSortDir = 1; }
		else if (st.devSort === key) st.devSortDir = -st.devSortDir;
		else { st.devSort = key; st.devSortDir = 1; }
		buildDevtab(st.cyc);
	}

	// A row selects its device's longest callback in the cycle.
	function onDevRow(e) {
		var t = e.target.closest ? e.target.closest('tr') : null, b, k, best = -1, c = st.cyc;
		if (!t || t.devIndex === undefined) return;
		b = boxesOfDev(c, t.devIndex);
		for (k = 0; k < b.length; k++)
			if (best < 0 || endOf(c, b[k]) - startOf(c, b[k]) > endOf(c, best) - startOf(c, best))
				best = b[k];
		if (best >= 0) focusCb(best);
	}

	function openDevtab(c) {
		$('devbox').open = true;
		if (!c.devtabBuilt || st.devtabCyc !== c) buildDevtab(c);
		st.devtabCyc = c;
	}

	// The axis and the critical path strip stay in sight when the page
	// scrolls: a copy of the top of the timeline, sticky under the bar,
	// that covers the same pixels while nothing is scrolled.
	function drawHead(W, dpr) {
		var head = $('tlhead'), h = AXIS + STRIP + 4;
		if (head.width !== Math.round(W * dpr) || head.height !== Math.round(h * dpr)) {
			head.width = Math.round(W * dpr);
			head.height = Math.round(h * dpr);
			head.style.width = W + 'px';
			head.style.height = h + 'px';
			head.style.marginBottom = -h + 'px';
		}
		head.getContext('2d').drawImage(canvas, 0, 0, head.width, head.height, 0, 0, head.width, head.height);
		head.style.top = $('bar').offsetHeight + 'px';
	}

	function draw() {
		var t0 = window.performance.now();
		st.pending = false;
		var c = st.cyc, dpr = window.devicePixelRatio || 1;
		var W = Math.max(480, canvas.parentNode.clientWidth), H = view(c).height;
		if (canvas.width !== Math.round(W * dpr) || canvas.height !== Math.round(H * dpr)) {
			canvas.width = Math.round(W * dpr);
			canvas.height = Math.round(H * dpr);
			canvas.style.width = W + 'px';
			canvas.style.height = H + 'px';
		}
		g.setTransform(dpr, 0, 0, dpr, 0, 0);
		// Only what is on the screen is painted (and the top, which the
		// sticky head copies): a cycle of many lanes is a canvas many
		// screens high, and painting it all is most of a redraw.
		var r = canvas.getBoundingClientRect();
		st.visTop = Math.max(0, -r.top - ROW);
		st.visBot = Math.min(H, -r.top + window.innerHeight + ROW);
		g.save();
		g.beginPath();
		g.rect(0, 0, W, AXIS + STRIP + 4);
		if (st.visBot > st.visTop) g.rect(0, st.visTop, W, st.visBot - st.visTop);
		g.clip();
		g.fillStyle = '#ffffff';
		g.fillRect(0, 0, W, H);
		st.k = (W - GUT - RIGHT) / (st.u1 - st.u0);
		g.font = FONT;
		g.save();	// the time area only
		g.beginPath();
		g.rect(GUT, 0, W - GUT - RIGHT, H);
		g.clip();
		drawBands(c, W, H);
		drawTicks(c, W, H);
		drawMilestones(c, H);
		drawStrip(c, W);
		drawWaits(c, false, W);
		st.drawn = drawBoxes(c, W);
		drawWaits(c, true, W);
		drawWorks(c, W, view(c));
		drawSelection(c);
		drawLit(c);
		g.restore();
		drawGutter(c, W, H);
		g.restore();
		drawHead(W, dpr);
		st.drawMs = window.performance.now() - t0;
		publish();
	}

	function paintSoon() {
		if (st.pending) return;
		st.pending = true;
		window.requestAnimationFrame(draw);
	}

	function redraw() {
		if (st.pending) return;
		st.pending = true;
		window.requestAnimationFrame(draw);
		saveView();
	}

	// The view in the address (cycle, window, selection), so it can be
	// shared; written a moment after the last change.
	function saveView() {
		clearTimeout(st.saveTimer);
		st.saveTimer = setTimeout(function () {
			var c = st.cyc;
			if (!c || !window.history.replaceState) return;
			window.history.replaceState(null, '', '#cycle=' + c.index + '&from=' +
				(T(c, st.u0) / 1e6).toFixed(3) + '&to=' + (T(c, st.u1) / 1e6).toFixed(3) +
				(st.mode === 'tree' ? '&lanes=tree' : '') + (st.sel >= 0 ? '&sel=' + st.sel : ''));
			$('pmscope-state').setAttribute('data-hash', location.hash);
		}, 300);
	}

	// Show callback i: zoomed in until its box is a third of the view
	// when it is too small to see, then in the middle, and selected.
	function focusCb(i) {
		var c = st.cyc, x0 = U(c, startOf(c, i)), x1 = Math.max(U(c, endOf(c, i)), x0 + 1000);
		if ((x1 - x0) * st.k < 20) {
			st.u0 = x0 - (x1 - x0);
			st.u1 = x1 + (x1 - x0);
		}
		reveal(i);
		detail(i);
	}

	// Enter steps to the next match in time order, Shift+Enter back.
	function stepMatch(dir) {
		var c = st.cyc, list = [], i, k, cur;
		if (!st.match || !st.nmatch) return;
		for (k = 0; k < c.nb; k++) if (st.match[c.boxes[k]]) list.push(c.boxes[k]);
		list.sort(function (a, b) { return startOf(c, a) - startOf(c, b) || c.boxOf[a] - c.boxOf[b]; });
		cur = list.indexOf(st.sel);
		k = cur < 0 ? (dir > 0 ? 0 : list.length - 1) : (cur + dir + list.length) % list.length;
		focusCb(list[k]);
		$('count').textContent = (k + 1) + ' of ' + st.nmatch + ' matches';
	}

	// ---- interaction ----------------------------------------------------
	function fit() {
		var c = st.cyc;
		st.u0 = U(c, c.t0);
		st.u1 = Math.max(U(c, c.t1), st.u0 + 1000);
		redraw();
	}

	function zoom(f, mx) {
		var span = st.u1 - st.u0, at = st.u0 + (mx - GUT) / st.k, ns = Math.max(span * f, 1000);
		var c = st.cyc, lo = U(c, c.t0), hi = U(c, c.t1);
		if (ns > hi - lo) { fit(); return; }
		st.u0 = at - (at - st.u0) * ns / span;
		st.u1 = st.u0 + ns;
		pan(0);
	}

	function pan(du) {
		var c = st.cyc, lo = U(c, c.t0), hi = Math.max(U(c, c.t1), lo + 1000), span = st.u1 - st.u0;
		st.u0 = Math.min(Math.max(st.u0 + du, lo), hi - span);
		st.u1 = st.u0 + span;
		redraw();
	}

	function mouse(e) {
		var r = canvas.getBoundingClientRect();
		return [e.clientX - r.left, e.clientY - r.top];
	}

	// The box under (mx, my): hits()'s first.
	function hit(mx, my) {
		var h = hits(mx, my);
		return h.length ? h[0] : -1;
	}

	// The boxes under (mx, my) in its lane and row: the nearest within
	// 3 px, the innermost of those equally near, and the boxes just like
	// it (callbacks that start and end at the same microsecond on one
	// thread: a boot's initcalls of no length), latest first.
	function hits(mx, my) {
		var c = st.cyc, v = view(c), l, row, u, du, lo, hi, mid, k, i, best = -1, bw = Infinity, bd = Infinity,
		    s, e, d, same = [];
		if (mx < GUT) return same;
		for (l = v.lanes.length - 1; l >= 0 && v.y[l] > my; l--);
		if (l < 0) return same;
		row = Math.floor((my - v.y[l] - 2) / ROW);
		if (row < 0 || row >= v.lanes[l].rows) return same;
		u = st.u0 + (mx - GUT) / st.k;
		du = 3 / st.k;
		lo = v.first[l];
		hi = v.first[l + 1];
		while (lo < hi) {	// first box starting after u + du
			mid = (lo + hi) >> 1;
			if (U(c, startOf(c, v.order[mid])) <= u + du) lo = mid + 1; else hi = mid;
		}
		for (k = lo - 1; k >= v.first[l]; k--) {
			i = v.order[k];
			s = startOf(c, i);
			if (U(c, s) < u - du - v.max[l]) break;
			if (v.row[i] !== row) continue;
			e = endOf(c, i);
			d = Math.max(0, U(c, s) - u, u - U(c, e));
			if (d > du) continue;
			if (best >= 0 && s === startOf(c, best) && e === endOf(c, best)) {
				same.push(i);
			} else if (d < bd || (d === bd && e - s < bw)) {
				best = i; bd = d; bw = e - s;
				same = [i];
			}
		}
		return same;
	}

	// A click on boxes just alike selects the one after the selected.
	function hitNext(mx, my) {
		var h = hits(mx, my), k = h.indexOf(st.sel);
		return h.length ? h[(k + 1) % h.length] : -1;
	}

	// A work outside callbacks under the mouse (its lane, then the
	// shortest there within 3 px), -1 none.
	function workAt(c, mx, my) {
		var v = view(c), l, i, k, u, du, best = -1, bw = Infinity, s, e;
		if (mx < GUT) return -1;
		for (l = 0; l < shownWorkLanes(c).length && !(my >= v.wy[l] && my < v.wy[l] + ROW + 2); l++);
		if (l === shownWorkLanes(c).length) return -1;
		u = st.u0 + (mx - GUT) / st.k;
		du = 3 / st.k;
		for (i = 0, k = 0; i < c.works.length; i += WKF, k++) {
			if (c.workLane[k] !== l) continue;
			s = U(c, c.works[i]);
			e = U(c, c.works[i + 1]);
			if (s - du <= u && u <= e + du && e - s < bw) { best = k; bw = e - s; }
		}
		return best;
	}
	function workText(c, k) {
		var o = k * WKF;
		return c.works[o + 3] + ' on ' + c.workLanes[c.workLane[k]].label + '\n' +
			ms(c.works[o + 1] - c.works[o]) + ' ms from +' + ms(c.works[o]) + ' ms (' +
			phaseName(c, c.works[o + 5]) + '), outside any PM callback';
	}
	function detailWork(k) {
		var c = st.cyc, box = $('detail'), o = k * WKF, h, tb;
		st.sel = -1;
		st.selWork = k;
		box.textContent = '';
		h = document.createElement('h2');
		h.textContent = c.works[o + 3];
		box.appendChild(h);
		tb = document.createElement('table');
		row(tb, 'function', c.works[o + 3] + ' (its outermost traced call)');
		row(tb, 'thread', c.workLanes[c.workLane[k]].label);
		row(tb, 'start', '+' + ms(c.works[o]) + ' ms from the cycle start');
		row(tb, 'duration', ms(c.works[o + 1] - c.works[o]) + ' ms');
		row(tb, 'phase', phaseName(c, c.works[o + 5]) + ' (when it began)');
		row(tb, 'callback', 'none: the thread worked outside any PM callback');
		box.appendChild(tb);
		redraw();
		publish();
	}

	function cbText(c, i) {
		var fl = c.flags[i], s = startOf(c, i), e = endOf(c, i), x = c.cbs;
		var fn = x.callback[i] !== null ? ' ' + x.callback[i] : '';
		var pid = pidOf(c, i);
		return label(c, i) + '\n' + cbPhase(c, i) + fn + '\nstart +' + ms(s) +
			' ms, ' + (x.unfinished[i] ? 'UNFINISHED' : e >= 0 ? ms(e - s) + ' ms' : 'length unknown') +
			', thread ' + threadName(c, pid) + (pid < 0 ? '' : x.async[i] ? ' async' : ' sync') +
			(x.ret[i] !== null ? ', returned ' + x.ret[i] : '') +
			(fl & F_SAID ? '\nthe log said (line ' + msgsOf(c, i)[0].line + '): ' + msgText(msgsOf(c, i)[0]) : '');
	}

	function msgText(m) {
		return (m.device ? (m.driver ? m.driver + ' ' : '') + m.device + ': ' : '') + m.text;
	}

	function row(tb, k, v) {
		var tr = document.createElement('tr'), th = document.createElement('th'), td = document.createElement('td');
		th.textContent = k;
		td.textContent = v;
		tr.appendChild(th);
		tr.appendChild(td);
		tb.appendChild(tr);
	}

	// A row whose value leads to another callback: shows and selects it.
	function linkRow(tb, k, text, target) {
		var tr = document.createElement('tr'), th = document.createElement('th'),
		    td = document.createElement('td'), a = document.createElement('a');
		th.textContent = k;
		a.textContent = text;
		a.href = '#';
		a.addEventListener('click', function (e) {
			e.preventDefault();
			reveal(target);
			detail(target);
		});
		td.appendChild(a);
		tr.appendChild(th);
		tr.appendChild(td);
		tb.appendChild(tr);
	}

	// Pan so callback i is in the middle of the view.
	function reveal(i) {
		var c = st.cyc, span = st.u1 - st.u0;
		var mid = (U(c, startOf(c, i)) + U(c, endOf(c, i))) / 2;
		st.u0 = mid - span / 2;
		st.u1 = mid + span / 2;
		pan(0);
	}

	// The device a blocked sync callback waited for, whether only the
	// timing says so (no device link does: the text's "*"), and the
	// devices without a callback the wait went through (the text's "via").
	// A wait the driving thread spent in a sync device with no callback
	// in the phase (held_dev) names it: the callback after it waited for
	// nothing itself.
	function waitedText(c, w) {
		var via = c.wait_via ? c.wait_via[w / WF] : null, held = c.waits[w + WFD.held_dev];
		return (held >= 0 ? 'in ' + devName(held) + ' (no callback) ' : '') +
			devName(c.waits[w + WFD.waited_dev]) + (c.waits[w + WFD.inferred] ? ' (timing only)' : '') +
			(via && via.length ? ' via ' + via.map(devName).join(', ') : '');
	}

	function parentChain(d) {
		var out = [], n = 0;
		for (d = dev(d, 'parent'); d >= 0 && n < 32; d = dev(d, 'parent'), n++) out.push(dev(d, 'name'));
		return out.length ? out.join(' \u2190 ') : 'none known';
	}

	function detail(i) {
		var c = st.cyc, box = $('detail'), x = c.cbs, h, tb, fl, s, e, pid, w, k, src, ln, ex;
		st.sel = i;
		st.selWork = -1;
		box.textContent = '';
		saveView();
		if (i < 0) { redraw(); publish(); return; }
		fl = c.flags[i];
		s = startOf(c, i);
		e = endOf(c, i);
		pid = pidOf(c, i);
		h = document.createElement('h2');
		h.textContent = label(c, i);
		box.appendChild(h);
		tb = document.createElement('table');
		row(tb, 'device', x.device[i]);
		row(tb, 'driver', x.driver[i] || 'unknown');
		row(tb, 'parents', parentChain(c.dev[i]));
		row(tb, 'phase', cbPhase(c, i));
		row(tb, 'callback', x.callback[i] !== null ? x.callback[i] : 'not logged');
		row(tb, 'start', '+' + ms(s) + ' ms from the cycle start');
		row(tb, 'duration', x.unfinished[i] ? 'UNFINISHED' : e >= 0 ? ms(e - s) + ' ms' : 'unknown');
		row(tb, 'thread', threadName(c, pid) + (pid >= 0 && pid === c.main ? ' (driving)' : ''));
		row(tb, 'sync/async', x.async[i] ? 'async' : 'sync');
		row(tb, 'return', x.ret[i] !== null ? String(x.ret[i]) : 'not logged');
		row(tb, 'critical path', fl & F_CRIT ? 'yes' : 'no');
		if (c.blockedBy[i] !== undefined) {
			w = c.blockedBy[i];
			k = 'waited ' + ms(c.waits[w + WFD.lost]) + ' ms for ' + waitedText(c, w) +
			    (c.waits[w + WFD.ndelayed] ? ', delaying ' + c.waits[w + WFD.ndelayed] + ' later sync callbacks' : '');
			if (c.waits[w + WFD.waited_cb] >= 0) linkRow(tb, 'blocked', k, c.waits[w + WFD.waited_cb]);
			else row(tb, 'blocked', k);
		}
		if (c.waitedBy[i])
			for (k = 0; k < c.waitedBy[i].length; k++) {
				w = c.waitedBy[i][k];
				linkRow(tb, 'held back', x.device[c.waits[w + WFD.cb]] + ' for ' +
					ms(c.waits[w + WFD.lost]) + ' ms', c.waits[w + WFD.cb]);
			}
		row(tb, 'lane', view(c).lanes[view(c).lane[i]].label);
		src = x.source[i];
		ln = x.line[i];
		if (logAt(c, ln, src))
			actionRow(tb, 'log line', src + ':' + ln, 'show in the log', function () { showLogLine(ln, src); });
		else
			row(tb, 'log line', src + ':' + ln);
		box.appendChild(tb);
		if ((ex = excerptOf(c, i))) box.appendChild(logLines(c, ex, ln));
		if (msgsOf(c, i)) box.appendChild(msgLines(msgsOf(c, i)));
		if (c.graphOf[i]) box.appendChild(callgraph(c.graphOf[i], s));
		if (treeOf(c, i)) box.appendChild(callTree(treeOf(c, i)));
		box.appendChild(tableRow(c, i));
		redraw();
		publish();
	}

	// Every column of callback i's row in the callbacks table, as the
	// JSON report has it (times on the log's clock): a column added to
	// the table shows here with no change to the page.
	function tableRow(c, i) {
		var d = document.createElement('details'), sm = document.createElement('summary'),
		    tb = document.createElement('table'), t = c.tables.callbacks, k, v;
		sm.textContent = 'its row of the callbacks table';
		d.className = 'tablerow';
		d.appendChild(sm);
		for (k in c.cbs) {
			v = c.cbs[k][i];
			row(tb, k, v === null ? 'null' : t.types[k] === 'bool' ? String(!!v) :
			    t.types[k] === 'ns' && t.base_ns !== null ? String(t.base_ns + v) : String(v));
		}
		d.appendChild(tb);
		return d;
	}

	// A row with a text and a link that does something.
	function actionRow(tb, k, text, linkText, fn) {
		var tr = document.createElement('tr'), th = document.createElement('th'),
		    td = document.createElement('td'), a = document.createElement('a');
		th.textContent = k;
		td.textContent = text + ' ';
		a.textContent = linkText;
		a.href = '#';
		a.className = 'tolog';
		a.addEventListener('click', function (e) {
			e.preventDefault();
			fn();
		});
		td.appendChild(a);
		tr.appendChild(th);
		tr.appendChild(td);
		tb.appendChild(tr);
	}

	// ---- the log viewer: the cycle's own lines (c.log, input/rereads/cycle_logs.c)
	// [{file, first, cut_before, cut_after, text, marks: [line, callback, kind]...}]
	var MK = D.log_mark_kinds;

	// The kept log of cycle c that holds line ln of file, or null.
	function logAt(c, ln, file) {
		var k, l;
		for (k = 0; k < c.log.length; k++) {
			l = c.log[k];
			if (l.file === file && ln >= l.first && ln < l.first + l.n) return l;
		}
		return null;
	}

	// The mark of a log line, which leads to a callback: the one that
	// starts there, else the one the messages analysis gave the line; -1 none.
	function markAt(l, ln) {
		var lo = 0, hi = l.marks.length / 3, mid;
		while (lo < hi) {
			mid = (lo + hi) >> 1;
			if (l.marks[mid * 3] < ln) lo = mid + 1; else hi = mid;
		}
		return lo < l.marks.length / 3 && l.marks[lo * 3] === ln ? lo : -1;
	}

	function prepareLogs(c) {
		var k, l;
		for (k = 0; k < c.log.length; k++) {
			l = c.log[k];
			if (l.lines) continue;
			l.lines = l.text ? l.text.split('\n') : [];
		}
	}

	function cutNote(n, where) {
		var p = document.createElement('p');
		p.className = 'cut';
		p.textContent = n + ' lines ' + where + ' not kept (the page keeps ' +
			'the lines around the longest callback of a long cycle, and a few MB of log in all)';
		return p;
	}

	// The viewer's lines, built when first shown: a pre per kept file,
	// lines that lead to a callback marked and clickable.
	function buildLog(c) {
		var box = $('log'), k, l, pre, j, span, m, kind, h;
		if (c.logBuilt) return;
		prepareLogs(c);
		box.textContent = '';
		for (k = 0; k < c.log.length; k++) {
			l = c.log[k];
			h = document.createElement('h3');
			h.textContent = l.file + (l.n ? ', lines ' + l.first + '-' + (l.first + l.n - 1) : '');
			box.appendChild(h);
			if (!l.n) {
				box.appendChild(cutNote(l.cut_before + l.cut_after, 'of this cycle'));
				continue;
			}
			if (l.cut_before) box.appendChild(cutNote(l.cut_before, 'before these'));
			pre = document.createElement('pre');
			pre.className = 'log';
			pre.logIndex = k;
			for (j = 0; j < l.n; j++) {
				span = document.createElement('span');
				span.textContent = (l.first + j) + '  ' + l.lines[j] + '\n';
				m = markAt(l, l.first + j);
				if (m >= 0) {
					kind = MK[l.marks[m * 3 + 2]];
					span.className = 'mark ' + kind;
					span.title = (kind === 'start' ? 'starts ' : 'said while running: ') +
						label(c, l.marks[m * 3 + 1]);
				}
				pre.appendChild(span);
			}
			pre.addEventListener('click', onLogClick);
			box.appendChild(pre);
			if (l.cut_after) box.appendChild(cutNote(l.cut_after, 'after these'));
		}
		if (!c.log.length) box.textContent = 'No log lines kept for this cycle.';
		c.logBuilt = true;
		st.logCyc = c;
	}

	// Line -> box: a click on a marked line shows and selects its callback.
	function onLogClick(e) {
		var c = st.cyc, pre = e.currentTarget, l = c.log[pre.logIndex], span = e.target, j, m;
		if (span.parentNode !== pre) return;
		j = Array.prototype.indexOf.call(pre.childNodes, span);
		m = markAt(l, l.first + j);
		setLogCurrent(span, l.first + j);
		if (m < 0) return;
		reveal(l.marks[m * 3 + 1]);
		detail(l.marks[m * 3 + 1]);
	}

	function setLogCurrent(span, ln) {
		if (st.logCur) st.logCur.classList.remove('cur');
		st.logCur = span;
		st.logLine = ln;
		span.classList.add('cur');
	}

	function openLog(c) {
		if (st.logCyc !== c) c.logBuilt = false;
		$('logbox').open = true;
		buildLog(c);
	}

	// Box -> line: open the viewer at line ln of file, marked current.
	function showLogLine(ln, file) {
		var c = st.cyc, l = logAt(c, ln, file), k, pre, span;
		openLog(c);
		if (!l) return;
		k = c.log.indexOf(l);
		pre = $('log').querySelectorAll('pre.log');
		for (var i = 0; i < pre.length; i++) if (pre[i].logIndex === k) span = pre[i].childNodes[ln - l.first];
		if (!span) return;
		setLogCurrent(span, ln);
		$('log').scrollTop = span.offsetTop - $('log').offsetTop - $('log').clientHeight / 3;
		publish();
	}

	// What the log said while callback i ran (the messages analysis),
	// most telling first: [{line, ts, driver, device, text, relation, error}].
	function msgsOf(c, i) {
		var k;
		if (!c.msgs) return null;
		if (!c.msgOf) {
			c.msgOf = {};
			for (k = 0; k < c.msgs.length; k++) c.msgOf[c.msgs[k].cb] = c.msgs[k].lines;
		}
		return c.msgOf[i] || null;
	}

	function msgLines(lines) {
		var div = document.createElement('div'), h = document.createElement('h2'),
		    pre = document.createElement('pre'), k, span, m;
		h.textContent = 'the log while it ran';
		div.appendChild(h);
		pre.className = 'log msgs';
		for (k = 0; k < lines.length; k++) {
			m = lines[k];
			span = document.createElement('span');
			span.textContent = m.line + '  ' + msgText(m) + '  (' + m.relation + (m.error ? ', error' : '') + ')\n';
			if (m.error) span.className = 'at';
			pre.appendChild(span);
		}
		div.appendChild(pre);
		return div;
	}

	// Callback i's excerpt, the log around it (a row of c.excerpts, the
	// page's own table): {first line number, text, file or null}; lines the
	// cycle's log viewer holds as they are come as {first, log: that log's
	// index in c.log, n: how many lines} in place of the text. Null: none.
	function excerptOf(c, i) {
		var k;
		if (!c.excerptOf) {
			c.excerptOf = {};
			c.excerptRows = rowsOf(c.excerpts);
			for (k = 0; k < c.excerptRows.length; k++) c.excerptOf[c.excerptRows[k].cb] = c.excerptRows[k];
		}
		return c.excerptOf[i] || null;
	}

	function logLines(c, lg, at) {
		var pre = document.createElement('pre'), lines, k, span, l;
		if (lg.text !== null) {
			lines = lg.text.split('\n');
		} else {
			prepareLogs(c);
			l = c.log[lg.log];
			lines = l.lines.slice(lg.first - l.first, lg.first - l.first + lg.n);
		}
		pre.className = 'log';
		if (lg.file) pre.title = lg.file;
		for (k = 0; k < lines.length; k++) {
			span = document.createElement('span');
			span.textContent = (lg.first + k) + '  ' + lines[k] + '\n';
			if (lg.first + k === at) span.className = 'at';
			pre.appendChild(span);
		}
		return pre;
	}

	// function_graph summary: {cb, calls, repaired, sleep, fns, sleeps,
	// spans, path}; @start: its callback's start, for the spans' offsets
	function callgraph(gr, start) {
		var div = document.createElement('div'), h = document.createElement('h2'), tb, k;
		h.textContent = 'function_graph';
		div.appendChild(h);
		tb = document.createElement('table');
		row(tb, 'calls', gr.calls + (gr.repaired ? ' (' + gr.repaired + ' repaired)' : ''));
		row(tb, 'slept', ms(gr.sleep) + ' ms');
		for (k = 0; k < gr.fns.length && k < 5; k++)
			row(tb, k ? '' : 'longest', gr.fns[k].fn + ' ' + ms(gr.fns[k].total) + ' ms (self ' +
			    ms(gr.fns[k].self) + ', ' + gr.fns[k].calls + ' calls)');
		for (k = 0; k < gr.sleeps.length && k < 5; k++)
			row(tb, k ? '' : 'sleeps', gr.sleeps[k].fn + ' ' + ms(gr.sleeps[k].total) + ' ms (' +
			    gr.sleeps[k].calls + ' calls)');
		for (k = 0; gr.spans && k < gr.spans.length && k < 5 * 3; k += 3)
			row(tb, k ? '' : 'slept at', '+' + ms(gr.spans[k] - start) + ' ms for ' +
			    ms(gr.spans[k + 1] - gr.spans[k]) + ' ms in ' + gr.spans[k + 2]);
		if (gr.path.length) row(tb, 'slowest path', gr.path.join(' > '));
		div.appendChild(tb);
		return div;
	}

	// function_graph call tree (timeline/html_trees.c): nodes as flat
	// [fn, parent, calls, total] records, a caller before its calls;
	// only for the slowest and critical path callbacks.
	function treeOf(c, i) {
		var k;
		if (!c.treeOf) {
			c.treeOf = {};
			for (k = 0; k < c.trees.length; k++) c.treeOf[c.trees[k].cb] = c.trees[k];
		}
		return c.treeOf[i] || null;
	}

	function callTree(t) {
		var div = document.createElement('div'), h = document.createElement('h2'), ul, k, n = t.nodes.length / 4, p;
		if (!t.kids) {
			t.kids = [];
			for (k = 0; k <= n; k++) t.kids.push([]);
			for (k = 0; k < n; k++) {
				p = t.nodes[k * 4 + 1];
				t.kids[p < 0 ? n : p].push(k);
			}
		}
		h.textContent = 'call tree';
		div.appendChild(h);
		div.className = 'calltree';
		ul = treeLevel(t, t.kids[n], 0);
		div.appendChild(ul);
		if (t.cut) {
			h = document.createElement('p');
			h.textContent = t.cut + ' calls not shown (deeper than the tree keeps, or past its size)';
			div.appendChild(h);
		}
		return div;
	}

	// One level of the tree; a node with calls opens on a click, the
	// outermost level open from the start.
	function treeLevel(t, nodes, depth) {
		var ul = document.createElement('ul'), k, li, sp, x;
		for (k = 0; k < nodes.length; k++) {
			x = nodes[k];
			li = document.createElement('li');
			sp = document.createElement('span');
			sp.textContent = (t.kids[x].length ? '\u25b8 ' : '  ') + D.fns[t.nodes[x * 4]] + '  ' +
				ms(t.nodes[x * 4 + 3]) + ' ms' + (t.nodes[x * 4 + 2] > 1 ? ' (' + t.nodes[x * 4 + 2] + ' calls)' : '');
			sp.className = t.kids[x].length ? 'node open-able' : 'node';
			li.appendChild(sp);
			li.treeNode = x;
			if (t.kids[x].length) sp.addEventListener('click', toggleNode(t, li, depth + 1));
			ul.appendChild(li);
			if (depth === 0 && t.kids[x].length) toggleNode(t, li, depth + 1)();
		}
		return ul;
	}

	function toggleNode(t, li, depth) {
		return function () {
			var sp = li.firstChild;
			if (li.childNodes.length > 1) {
				li.removeChild(li.lastChild);
				sp.textContent = sp.textContent.replace(/^\u25be/, '\u25b8');
			} else {
				li.appendChild(treeLevel(t, t.kids[li.treeNode], depth));
				sp.textContent = sp.textContent.replace(/^\u25b8/, '\u25be');
			}
			publish();
		};
	}

	// The callbacks drawn whose device or driver holds q.
	function search(q) {
		var c = st.cyc, i, k, drv;
		q = q.trim().toLowerCase();
		st.match = null;
		st.nmatch = 0;
		if (q) {
			st.match = new Uint8Array(c.n);
			for (k = 0; k < c.nb; k++) {
				i = c.boxes[k];
				drv = c.cbs.driver[i];
				if (c.cbs.device[i].toLowerCase().indexOf(q) >= 0 ||
				    (drv && drv.toLowerCase().indexOf(q) >= 0)) {
					st.match[i] = 1;
					st.nmatch++;
				}
			}
		}
		$('count').textContent = q ? st.nmatch + ' of ' + c.nb + ' callbacks match' : c.nb + ' callbacks';
		redraw();
	}

	// A link that shows and selects callback i.
	function cbLink(i, text) {
		var a = document.createElement('a');
		a.textContent = text;
		a.href = '#';
		a.className = 'cb';
		a.addEventListener('click', function (e) {
			e.preventDefault();
			reveal(i);
			detail(i);
		});
		return a;
	}

	// One table row: cells are text, or [callback, text] for a link.
	function whyRow(tb, cells) {
		var tr = document.createElement('tr'), k, td;
		for (k = 0; k < cells.length; k++) {
			td = document.createElement('td');
			if (cells[k] instanceof Array && cells[k][0] >= 0) td.appendChild(cbLink(cells[k][0], cells[k][1]));
			else td.textContent = cells[k] instanceof Array ? cells[k][1] : cells[k];
			tr.appendChild(td);
		}
		tb.appendChild(tr);
	}

	function whyTable(box, title, head, kind) {
		var h = document.createElement('h3'), tb = document.createElement('table'), tr, k, th;
		tb.className = kind;
		h.textContent = title;
		box.appendChild(h);
		tr = document.createElement('tr');
		for (k = 0; k < head.length; k++) {
			th = document.createElement('th');
			th.textContent = head[k];
			tr.appendChild(th);
		}
		tb.appendChild(tr);
		box.appendChild(tb);
		return tb;
	}

	// A gap in the analysis's words (why it is there), as the text says it.
	function segText(c, i) {
		var kind = c.segs[i + SF.kind], d = c.segs[i + SF.dev], pid = c.segs[i + SF.pid];
		if (kind !== D.seg_kinds.indexOf('gap')) return D.seg_kinds[kind] + ' ' + devName(d);
		return 'gap ' + (pid >= 0 ? 'thread ' + pid + ' ' : '') + (D.gap_words[c.segs[i + SF.why]] || '');
	}

	// The critical path of one phase: its longest segments, then the
	// longest callbacks off it and their slack.
	function whyPath(box, c, p) {
		var ph = c.phases[p.phase], segs = [], i, k, tb;
		for (i = 0; i < c.segs.length; i += SEGF)
			if (c.segs[i + SF.start] >= ph.start_ns && c.segs[i + SF.end] <= ph.end_ns) segs.push(i);
		segs.sort(function (a, b) {
			return (c.segs[b + SF.end] - c.segs[b + SF.start]) - (c.segs[a + SF.end] - c.segs[a + SF.start]) || a - b;
		});
		tb = whyTable(box, 'critical path: ' + ph.name + ', ' + ms(p.length) + ' ms, ' +
			(p.length ? (100 * p.explained / p.length).toFixed(1) : '0.0') + '% explained (run ' +
			ms(p.run) + ', wait ' + ms(p.wait) + ', gap ' + ms(p.gap) + ' ms)',
			['+ms', 'length ms', 'segment'], 'path');
		// the eight longest segments, in the order they happened
		segs = segs.slice(0, 8).sort(function (a, b) { return c.segs[a + SF.start] - c.segs[b + SF.start] || a - b; });
		for (k = 0; k < segs.length; k++) {
			i = segs[k];
			whyRow(tb, [ms(c.segs[i + SF.start] - ph.start_ns), ms(c.segs[i + SF.end] - c.segs[i + SF.start]),
				    [c.segs[i + SF.cb], segText(c, i)]]);
		}
		for (k = 0; k < p.slack.length; k++)
			if (p.slack[k].cb >= 0)
				whyRow(tb, ['off path', ms(endOf(c, p.slack[k].cb) - startOf(c, p.slack[k].cb)),
					    [p.slack[k].cb, label(c, p.slack[k].cb) + ', slack ' + ms(p.slack[k].slack) + ' ms']]);
	}

	function whyPanel(c) {
		var box = $('why'), w = c.why, i, k, tb, f, x, order = [];
		box.textContent = '';
		// the longest phases first; a phase where nothing ran says nothing,
		// nor one outside the window shown (--phase, --from, --to): its
		// segments are not in the data, its table would be empty
		order = w.paths.filter(function (p) {
			var ph = c.phases[p.phase];
			return p.length > 0 && p.explained > 0 && ph.end_ns > c.t0 && ph.start_ns < c.t1;
		});
		order.sort(function (a, b) { return b.length - a.length || a.phase - b.phase; });
		for (i = 0; i < order.length; i++) whyPath(box, c, order[i]);
		order = [];
		for (i = 0; i < c.waits.length; i += WF) order.push(i);
		order.sort(function (a, b) { return c.waits[b + WFD.lost] - c.waits[a + WFD.lost] || a - b; });
		if (order.length) {
			tb = whyTable(box, 'blocked sync devices: the driving thread idle until async work ended',
				      ['lost ms', 'device', 'waited for', 'delayed'], 'blocked');
			for (k = 0; k < order.length && k < 10; k++) {
				i = order[k];
				whyRow(tb, [ms(c.waits[i + WFD.lost]), [c.waits[i + WFD.cb], c.waits[i + WFD.cb] >= 0 ?
					    label(c, c.waits[i + WFD.cb]) : '?'],
					    [c.waits[i + WFD.waited_cb], waitedText(c, i)],
					    String(c.waits[i + WFD.ndelayed])]);
			}
		}
		// callbacks outside the window shown are -1: no row, and no
		// table when none is left
		order = w.slowest.filter(function (i) { return i >= 0; });
		if (order.length) {
			tb = whyTable(box, 'slowest callbacks', ['ms', 'callback', 'phase', 'thread'], 'slowest');
			for (k = 0; k < order.length; k++) {
				i = order[k];
				whyRow(tb, [ms(endOf(c, i) - startOf(c, i)), [i, label(c, i)],
					    cbPhase(c, i), threadName(c, pidOf(c, i))]);
			}
		}
		// the cycle's findings (failures and warnings: {finding, its
		// callback, the line that said it first}), as every report has
		// them; a line of another file than the cycle's is named with its file
		if (w.warnings.length) {
			tb = whyTable(box, 'failures and warnings', ['level', 'code', 'line', 'what'], 'warnings');
			for (k = 0; k < w.warnings.length; k++) {
				x = w.warnings[k];
				f = c.findings[x.finding];
				whyRow(tb, [f.severity, f.code, !x.line ? '-' : x.file && x.file !== c.source ?
					    x.file + ':' + x.line : String(x.line), [x.cb, f.text]]);
			}
		}
		if (!box.firstChild) box.textContent = 'No device phase with callbacks in this cycle.';
	}

	// The critical path segment under x in the strip, -1 none: the one
	// drawn there, else the nearest within a pixel (a short neighbour
	// within a pixel must not take the click from the segment under it).
	function segAt(c, x) {
		var i, d, best = -1, bd = 1;
		for (i = 0; i < c.segs.length; i += SEGF) {
			d = Math.max(0, X(U(c, c.segs[i + SF.start])) - x, x - X(U(c, c.segs[i + SF.end])));
			if (d < bd || (best < 0 && d <= bd)) {
				best = i;
				bd = d;
				if (!d) break;
			}
		}
		return best;
	}

	// A click on the strip at MS ms from the cycle's start, for tests.
	function stripClickAt(msFrom) {
		var r = canvas.getBoundingClientRect(), x = X(U(st.cyc, msFrom * 1e6));
		canvas.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: r.left + x,
			clientY: r.top + AXIS + 8 }));
	}

	function inStrip(y) { return y >= AXIS + 4 && y <= AXIS + STRIP + 2; }

	function legend(c) {
		var box = $('legend'), i, p, sp, sw;
		box.textContent = '';
		for (i = 0; i < c.phases.length; i++) {
			p = c.phases[i];
			if (p.start_ns === null || p.end_ns === null || p.end_ns < c.t0 || p.start_ns > c.t1) continue;
			sp = document.createElement('span');
			sw = document.createElement('i');
			sw.style.background = D.palette[p.kind][0];
			sp.appendChild(sw);
			sp.appendChild(document.createTextNode(p.name + ' ' + ms(p.end_ns - p.start_ns) + ' ms' +
				(p.kernel_ms !== null ? ' (kernel ' + p.kernel_ms.toFixed(3) + ')' : '')));
			box.appendChild(sp);
		}
		key(box, 'critical path', 'background:#fff;border:2px solid ' + D.colors.crit);
		key(box, 'blocked sync wait', 'height:5px;background:' + D.colors.wait + ';border-color:' + D.colors.crit);
		key(box, 'error or unfinished', 'border:0;width:0;height:0;border-left:5px solid transparent;' +
		    'border-right:5px solid transparent;border-top:9px solid ' + D.colors.error);
		if (c.graphs.some(function (gr) { return gr.spans && gr.spans.length; }))
			key(box, 'slept (zoom in)', 'background:' + D.palette[D.kinds[0]][0] + ';box-shadow:inset 0 0 0 3px ' +
			    D.palette[D.kinds[0]][0] + ',inset 0 0 0 9px rgba(255,255,255,0.6)');
		if (c.why.said.length)
			key(box, 'the log said error', 'border:0;width:0;height:0;border-left:5px solid transparent;' +
			    'border-right:5px solid transparent;border-top:9px solid ' + D.colors.said);
	}

	function key(box, text, style) {
		var sp = document.createElement('span'), sw = document.createElement('i');
		sw.setAttribute('style', style);
		sp.appendChild(sw);
		sp.appendChild(document.createTextNode(text));
		box.appendChild(sp);
	}

	function setMode(m) {
		st.mode = m === 'tree' ? 'tree' : 'threads';
		$('lanes').value = st.mode;
		draw();
	}

	function select(ci) {
		var c = D.cycles[ci], rows, i;
		if (!c) return;
		prepare(c);
		st.cyc = c;
		st.ci = ci;
		st.sel = -1;
		$('cycle').value = String(ci);
		$('ctitle').textContent = c.title;
		$('ctotals').textContent = c.totals + (c.nfail ? ', ' + c.nfail + ' failures' : '') +
			(c.nwarn ? ', ' + c.nwarn + ' warnings' : '');
		$('workslabel').hidden = !c.workLanes.length;
		legend(c);
		whyPanel(c);
		rows = document.querySelectorAll('#cycles tbody tr');
		for (i = 0; i < rows.length; i++) rows[i].className = i === ci ? 'current' : '';
		$('detail').textContent = 'Click a callback for its details.';
		c.logBuilt = false;
		if ($('logbox').open) openLog(c);
		st.hoverDev = -1;
		c.devtabBuilt = false;
		if ($('devbox').open) openDevtab(c);
		search($('search').value);
		fit();
		draw();
	}

	function publish() {
		var s = $('pmscope-state'), c = st.cyc;
		s.setAttribute('data-errors', String(errors.length));
		s.setAttribute('data-images', String(document.images.length));
		s.setAttribute('data-error-text', errors.join(' | '));
		if (!c) return;
		s.setAttribute('data-cycle', String(c.index));
		s.setAttribute('data-callbacks', String(c.nb));
		// the tables' columns as the page read them (tests: the same keys
		// as the tables' description, report/tables.c)
		s.setAttribute('data-callback-columns', Object.keys(c.tables.callbacks.columns).join(','));
		s.setAttribute('data-phase-columns', Object.keys(c.tables.phases.columns).join(','));
		s.setAttribute('data-finding-columns', Object.keys(c.tables.findings.columns).join(','));
		s.setAttribute('data-drawn', String(st.drawn));
		s.setAttribute('data-view', viewText());
		// a canvas readback slows every redraw after it: asked only
		if (st.wantInk) s.setAttribute('data-axis-ink', axisInk());
		s.setAttribute('data-steps', st.steps.join(','));
		s.setAttribute('data-draw-ms', st.drawMs.toFixed(1));
		s.setAttribute('data-lanes', String(view(c).lanes.length));
		s.setAttribute('data-lane-names', view(c).lanes.map(function (l) { return l.label; }).join('|'));
		s.setAttribute('data-matches', st.match ? String(st.nmatch) : '');
		s.setAttribute('data-selected', st.sel >= 0 ? label(c, st.sel) : '');
		s.setAttribute('data-detail', st.sel >= 0 || st.selWork >= 0 ?
			$('detail').textContent.replace(/\n/g, ' ') : '');
		s.setAttribute('data-count', $('count').textContent);
		s.setAttribute('data-said-marks', String(st.saidMarks || 0));
		s.setAttribute('data-spans', String(st.spansDrawn || 0));
		s.setAttribute('data-works', String(st.worksDrawn || 0));
		s.setAttribute('data-work-lanes', shownWorkLanes(c).map(function (l) { return l.label; }).join('|'));
		s.setAttribute('data-why-warnings', Array.prototype.map.call(document.querySelectorAll('#why table.warnings tr'),
			function (t) { return t.textContent; }).slice(1).join('|'));
		s.setAttribute('data-tree-rows', Array.prototype.map.call(document.querySelectorAll('#detail .calltree li > span'),
			function (x) { return x.textContent.replace(/^[\u25b8\u25be ] ?/, '').replace(/^ /, ''); }).join('|'));
		s.setAttribute('data-milestones', (st.milestones || []).join('|'));
		s.setAttribute('data-lit', String(st.lit));
		s.setAttribute('data-lit-phases', String(st.litPhases));
		s.setAttribute('data-devtab-rows', String(st.devtabRows || 0));
		s.setAttribute('data-devtab-first', st.devtabFirst || '');
		s.setAttribute('data-devtab-names', st.devtabNames || '');
		s.setAttribute('data-devtab-sort', st.devSort + (st.devSort ? (st.devSortDir > 0 ? ' down' : ' up') : ''));
		s.setAttribute('data-log-line', st.logCur ? String(st.logLine) : '');
		s.setAttribute('data-log-text', st.logCur ? st.logCur.textContent.replace(/\n/g, '') : '');
		s.setAttribute('data-log-lines', String(document.querySelectorAll('#log pre.log span').length));
		s.setAttribute('data-log-marks', String(document.querySelectorAll('#log pre.log span.mark').length));
		s.setAttribute('data-why-tables', Array.prototype.map.call(document.querySelectorAll('#why table'),
			function (t) { return t.className; }).join(','));
	}

	// The view: its first and last ms from the cycle's start, and its span
	// in display ms (the collapsed sleep counted at its drawn size).
	// The darkest pixel of the axis labels above the time area, as
	// #rrggbb: the ink the tick labels were drawn in (tests: #ink=1).
	function axisInk() {
		var dpr = window.devicePixelRatio || 1, x = Math.round(GUT * dpr), h = Math.round((AXIS - 2) * dpr);
		var w = canvas.width - x, px, i, best = 766, ink = '';
		if (w <= 0 || h <= 0) return '';
		px = g.getImageData(x, 0, w, h).data;
		for (i = 0; i < px.length; i += 4)
			if (px[i + 3] && px[i] + px[i + 1] + px[i + 2] < best) {
				best = px[i] + px[i + 1] + px[i + 2];
				ink = '#' + ((1 << 24) | (px[i] << 16) | (px[i + 1] << 8) | px[i + 2]).toString(16).slice(1);
			}
		return ink;
	}

	function viewText() {
		var c = st.cyc;
		return (T(c, st.u0) / 1e6).toFixed(3) + ' ' + (T(c, st.u1) / 1e6).toFixed(3) + ' ' +
			((st.u1 - st.u0) / 1e6).toFixed(3);
	}

	function hashParams() {
		var out = {}, parts = location.hash.replace(/^#/, '').split('&'), i, kv;
		for (i = 0; i < parts.length; i++) {
			kv = parts[i].split('=');
			if (kv.length !== 2) continue;
			try {
				out[kv[0]] = decodeURIComponent(kv[1]);
			} catch (e) {	// a malformed address is no script error
				out[kv[0]] = kv[1];
			}
		}
		return out;
	}

	function cycleByIndex(n) {
		for (var i = 0; i < D.cycles.length; i++) if (D.cycles[i].index === n) return i;
		return -1;
	}

	function firstCycle() {
		var i, best = 0;
		for (i = 0; i < D.cycles.length; i++)
			if (D.cycles[i].mode !== 'boot' && D.cycles[i].layout.boxes.rows) return i;
		for (i = 0; i < D.cycles.length; i++) if (D.cycles[i].layout.boxes.rows) return i;
		return best;
	}

	function longestSeg(c) {
		var i, best = -1;
		for (i = 0; i < c.segs.length; i += SEGF)
			if (c.segs[i + SF.cb] >= 0 && (best < 0 || c.segs[i + SF.end] - c.segs[i + SF.start] >
			    c.segs[best + SF.end] - c.segs[best + SF.start])) best = i;
		return best;
	}

	// The longest box of the device named name, -1 none.
	function longestOf(c, name) {
		var i, k, best = -1;
		for (k = 0; k < c.nb; k++) {
			i = c.boxes[k];
			if (c.cbs.device[i] === name && (best < 0 ||
			    endOf(c, i) - startOf(c, i) > endOf(c, best) - startOf(c, best)))
				best = i;
		}
		return best;
	}

	// Scripted mouse over a device's longest box, for tests: #hover=NAME
	function hoverDevice(name) {
		var c = st.cyc, best = longestOf(c, name), r = canvas.getBoundingClientRect(), x0, x1;
		if (best < 0) return;
		focusCb(best);
		draw();
		x0 = Math.max(X(U(c, startOf(c, best))), GUT);
		x1 = Math.min(X(U(c, endOf(c, best))), canvas.clientWidth - RIGHT);
		canvas.dispatchEvent(new MouseEvent('mousemove', { bubbles: true,
			clientX: r.left + (x0 + x1) / 2, clientY: r.top + boxY(c, best) + ROW / 2 }));
		draw();
	}

	// Scripted click on a device's longest box, for tests: #click=NAME,
	// and #clicks=N clicks there N times
	function clickDevice(name, times) {
		var c = st.cyc, i, best = longestOf(c, name), r = canvas.getBoundingClientRect(), x0, x1;
		if (best < 0) return;
		if (X(U(c, endOf(c, best))) - X(U(c, startOf(c, best))) < 20) {
			// as a user would: zoom until the box is a third of the view
			x0 = U(c, startOf(c, best));
			x1 = Math.max(U(c, endOf(c, best)), x0 + 1000);
			st.u0 = x0 - (x1 - x0);
			st.u1 = x1 + (x1 - x0);
			draw();
		}
		x0 = Math.max(X(U(c, startOf(c, best))), GUT);
		x1 = X(U(c, endOf(c, best)));
		for (i = 0; i < times; i++)
			canvas.dispatchEvent(new MouseEvent('click', { bubbles: true,
				clientX: r.left + (x0 + x1) / 2, clientY: r.top + boxY(c, best) + ROW / 2 }));
	}

	function bindControls() {
		var sel = $('cycle'), i, o, mid = function () { return GUT + (canvas.clientWidth - GUT) / 2; };
		for (i = 0; i < D.cycles.length; i++) {
			o = document.createElement('option');
			o.value = String(i);
			o.textContent = D.cycles[i].title;
			sel.appendChild(o);
		}
		sel.addEventListener('change', function () { select(+sel.value); });
		$('zin').addEventListener('click', function () { zoom(0.5, mid()); });
		$('zout').addEventListener('click', function () { zoom(2, mid()); });
		$('left').addEventListener('click', function () { pan(-(st.u1 - st.u0) * 0.25); });
		$('right').addEventListener('click', function () { pan((st.u1 - st.u0) * 0.25); });
		$('fit').addEventListener('click', fit);
		$('lanes').addEventListener('change', function () { setMode(this.value); });
		$('works').addEventListener('change', function () {
			st.hideWorks = !this.checked;
			draw();
		});
		$('search').addEventListener('input', function () { search(this.value); });
		$('search').addEventListener('keydown', function (e) {
			if (e.key === 'Enter') stepMatch(e.shiftKey ? -1 : 1);
			else if (e.key === 'Escape') { this.value = ''; search(''); }
			else return;
			e.preventDefault();
		});
		document.addEventListener('keydown', function (e) {
			if (e.target && e.target.tagName === 'INPUT') return;
			if (e.key === '+' || e.key === '=') zoom(0.5, mid());
			else if (e.key === '-') zoom(2, mid());
			else if (e.key === '0') fit();
			else if (e.key === 'ArrowLeft') pan(-(st.u1 - st.u0) * 0.2);
			else if (e.key === 'ArrowRight') pan((st.u1 - st.u0) * 0.2);
			else return;
			e.preventDefault();
		});
		window.addEventListener('resize', redraw);
		// draw() paints only the part on the screen: scrolling, or a
		// panel above the timeline opening or closing, shows another
		window.addEventListener('scroll', paintSoon, { passive: true });
		document.addEventListener('toggle', paintSoon, true);
		$('devbox').addEventListener('toggle', function () { if (this.open) openDevtab(st.cyc); });
		$('logbox').addEventListener('toggle', function () { if (this.open) { openLog(st.cyc); publish(); } });
		window.addEventListener('hashchange', function () {
			var q = hashParams();
			if (q.cycle && cycleByIndex(+q.cycle) >= 0) select(cycleByIndex(+q.cycle));
		});
	}

	// Wheel zooms, drag pans, hover shows the tooltip, click the details.
	function bindCanvas() {
		canvas.addEventListener('wheel', function (e) {
			e.preventDefault();
			zoom(Math.exp(e.deltaY * 0.002), mouse(e)[0]);
		}, { passive: false });
		canvas.addEventListener('mousedown', function (e) {
			st.drag = { x: e.clientX, x0: e.clientX, moved: false };
		});
		window.addEventListener('mousemove', function (e) {
			var m, h, more, tip = $('tip');
			if (st.drag && e.buttons) {
				if (Math.abs(e.clientX - st.drag.x0) > 3) st.drag.moved = true;
				pan(-(e.clientX - st.drag.x) / st.k);
				st.drag.x = e.clientX;
				tip.hidden = true;
				return;
			}
			if (e.target !== canvas) {
				tip.hidden = true;
				if (st.hoverDev >= 0 && !(e.target.closest && e.target.closest('#devtab'))) setHover(-1);
				return;
			}
			m = mouse(e);
			if (inStrip(m[1]) && (h = segAt(st.cyc, m[0])) >= 0) {
				tip.textContent = 'critical path: ' + segText(st.cyc, h) + '\n' +
					ms(st.cyc.segs[h + SF.end] - st.cyc.segs[h + SF.start]) + ' ms from +' +
					ms(st.cyc.segs[h + SF.start]) + ' ms';
				tip.hidden = false;
				tip.style.left = Math.min(m[0] + 14, canvas.clientWidth - tip.offsetWidth - 4) + 'px';
				tip.style.top = (m[1] + 16) + 'px';
				return;
			}
			more = hits(m[0], m[1]);
			h = more.length ? more[0] : -1;
			setHover(h >= 0 ? st.cyc.dev[h] : -1);
			if (h < 0 && (h = workAt(st.cyc, m[0], m[1])) >= 0) {
				tip.textContent = workText(st.cyc, h);
				tip.hidden = false;
				tip.style.left = Math.min(m[0] + 14, canvas.clientWidth - tip.offsetWidth - 4) + 'px';
				tip.style.top = (m[1] + 16) + 'px';
				return;
			}
			if (h < 0) { tip.hidden = true; return; }
			tip.textContent = cbText(st.cyc, h) + (more.length > 1 ? '\n+' + (more.length - 1) +
				' more just here: click again for the next' : '');
			tip.hidden = false;
			tip.style.left = Math.min(m[0] + 14, canvas.clientWidth - tip.offsetWidth - 4) + 'px';
			tip.style.top = (m[1] + 16) + 'px';
		});
		window.addEventListener('mouseup', function () {
			if (st.drag) setTimeout(function () { st.drag = null; }, 0);
		});
		canvas.addEventListener('click', function (e) {
			if (st.drag && st.drag.moved) return;
			var m = mouse(e), sg;
			if (inStrip(m[1]) && (sg = segAt(st.cyc, m[0])) >= 0) {
				if (st.cyc.segs[sg + SF.cb] >= 0) detail(st.cyc.segs[sg + SF.cb]);
				return;
			}
			sg = hitNext(m[0], m[1]);
			if (sg < 0 && (sg = workAt(st.cyc, m[0], m[1])) >= 0) {
				detailWork(sg);
				return;
			}
			detail(sg);
		});
	}

	// What the tests drive through the address: keys, a wheel turn, a
	// click on a device, following the detail panel's first link.
	// The test hook's click, through the canvas as a user's is.
	function clickWork(fn) {
		var c = st.cyc, i, k, best = -1, r, x, y;
		for (i = 0, k = 0; i < c.works.length; i += WKF, k++)
			if (c.works[i + 3] === fn && (best < 0 ||
			    c.works[i + 1] - c.works[i] > c.works[best * WKF + 1] - c.works[best * WKF]))
				best = k;
		if (best < 0) return;
		r = canvas.getBoundingClientRect();
		x = Math.max(GUT + 1, (X(U(c, c.works[best * WKF])) + X(U(c, c.works[best * WKF + 1]))) / 2);
		y = view(c).wy[c.workLane[best]] + ROW / 2;
		canvas.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: r.left + x, clientY: r.top + y }));
	}

	function testHooks(p) {
		var i, o;
		if (p.redraws) {	// make bench: the median of N warm redraws
			for (i = 0, o = []; i < Math.min(+p.redraws, 100); i++) {
				draw();
				o.push(st.drawMs);
			}
			o.sort(function (a, b) { return a - b; });
			st.drawMs = o[o.length >> 1];
		}
		if (p.keys) {	// e.g. #keys=+,+,ArrowLeft
			o = p.keys.split(',');
			for (i = 0; i < o.length; i++) {
				document.dispatchEvent(new KeyboardEvent('keydown', { key: o[i], bubbles: true }));
				st.steps.push(viewText());
			}
		}
		if (p.wheel) {	// one wheel turn at the middle of the time area
			o = canvas.getBoundingClientRect();
			canvas.dispatchEvent(new WheelEvent('wheel', { deltaY: +p.wheel, bubbles: true, cancelable: true,
				clientX: o.left + GUT + (canvas.clientWidth - GUT) / 2, clientY: o.top + 40 }));
			st.steps.push(viewText());
		}
		if (p.scroll) {	// #scroll=PX: the page scrolled down, for the sticky axis
			window.scrollTo(0, +p.scroll);
			o = $('tlhead').getBoundingClientRect();
			$('pmscope-state').setAttribute('data-head', Math.round(o.top) + ' ' +
				Math.round(canvas.getBoundingClientRect().top) + ' ' + $('bar').offsetHeight);
		}
		publish();
		if (p.click) clickDevice(p.click, p.clicks ? +p.clicks : 1);
		if (p.work)	// #work=FN: a click on the longest work of that function
			clickWork(decodeURIComponent(p.work));
		if (p.why) {	// #why=TABLE:N: the Nth link of a why table (path, blocked, slowest, warnings)
			i = p.why.split(':');
			o = document.querySelectorAll('#why table.' + i[0].replace(/[^a-z]/g, '') + ' a');
			if (o[+i[1]]) o[+i[1]].click();
		}
		if (p.step) {	// #search=usb&step=3: Enter three times in the search box
			for (i = 0; i < +p.step; i++)
				$('search').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
		}
		if (p.stripclick) {	// a click on the middle of the longest path segment
			o = longestSeg(st.cyc);
			if (o >= 0) {
				i = canvas.getBoundingClientRect();
				canvas.dispatchEvent(new MouseEvent('click', { bubbles: true, clientY: i.top + AXIS + 8,
					clientX: i.left + (Math.max(X(U(st.cyc, st.cyc.segs[o + SF.start])), GUT) +
							   Math.min(X(U(st.cyc, st.cyc.segs[o + SF.end])), canvas.clientWidth - RIGHT)) / 2 }));
			}
		}
		if (p.ink) {	// #ink=1: the state says the axis labels' ink
			st.wantInk = true;
			publish();
		}
		if (p.stripat)	// #stripat=MS: a click on the strip at that time
			stripClickAt(parseFloat(p.stripat));
		if (p.devtab || p.sort || p.devrow) openDevtab(st.cyc);
		if (p.sort) {	// #sort=KEY,KEY: clicks on the device table's headers
			o = p.sort.split(',');
			for (i = 0; i < o.length; i++) {
				var th = document.querySelector('#devtab th[data-key="' + o[i].replace(/["\\]/g, '') + '"]');
				if (th) th.click();
			}
		}
		if (p.devrow) {	// #devrow=N: a click on the Nth row (1 the first)
			o = document.querySelectorAll('#devtab tr');
			if (o[+p.devrow]) o[+p.devrow].firstChild.dispatchEvent(new MouseEvent('click', { bubbles: true }));
		}
		if (p.hover) {	// #hover=DEVICE: the mouse over its longest box
			hoverDevice(p.hover);
			publish();
		}
		if (p.open) {	// #open=FN,FN: clicks on call tree nodes, by function
			o = p.open.split(',');
			for (i = 0; i < o.length; i++) {
				var sps = document.querySelectorAll('#detail .calltree span.open-able'), j;
				for (j = 0; j < sps.length; j++)
					if (sps[j].textContent.slice(2).split('  ')[0] === o[i]) { sps[j].click(); break; }
			}
		}
		if (p.tolog) {	// the detail panel's "show in the log"
			o = document.querySelector('#detail a.tolog');
			if (o) o.click();
		}
		if (p.logline) {	// #logline=N: a click on line N in the log viewer
			openLog(st.cyc);
			o = document.querySelectorAll('#log pre.log span');
			for (i = 0; i < o.length; i++)
				if (o[i].textContent.split(' ')[0] === p.logline) {
					o[i].dispatchEvent(new MouseEvent('click', { bubbles: true }));
					break;
				}
			publish();
		}
		if (p.follow) {
			o = document.querySelector('#detail a');
			if (o) o.click();
		}
		// Browsers without a DOM dump (Firefox) read the state from the console.
		if (p.log) console.log('pmscope-state ' + JSON.stringify({
			errors: errors.length, selected: $('pmscope-state').getAttribute('data-selected'),
			detail: $('pmscope-state').getAttribute('data-detail'), drawn: st.drawn,
			logLine: st.logCur ? st.logLine : null, lit: st.lit, litPhases: st.litPhases,
			devtabFirst: st.devtabFirst || '', tree: $('pmscope-state').getAttribute('data-tree-rows'),
			spans: st.spansDrawn || 0, workLanes: $('pmscope-state').getAttribute('data-work-lanes') }));
	}

	// A shared address: #cycle=N&from=MS&to=MS&sel=I, I a callback drawn
	// (its row of the callbacks table, as in the JSON report's cycle)
	function restoreView(p) {
		var c = st.cyc, a = parseFloat(p.from), b = parseFloat(p.to), sel = parseInt(p.sel, 10);
		if (!(sel >= 0 && sel < c.n && c.boxOf[sel] >= 0)) sel = -1;
		if (!(a >= 0 && b > a) && sel < 0)
			return;	// select() drew the whole cycle already
		if (a >= 0 && b > a) {
			st.u0 = U(c, a * 1e6);
			st.u1 = U(c, b * 1e6);
			pan(0);
		}
		if (sel >= 0) detail(sel);
		draw();
	}

	function init() {
		var p = hashParams(), i;
		if (!D.cycles.length) {
			$('ctitle').textContent = 'No cycle to show.';
			publish();
			return;
		}
		bindControls();
		bindCanvas();
		if (p.lanes) st.mode = p.lanes === 'tree' ? 'tree' : 'threads';
		if (p.works === '0') {	// #works=0: without the lanes of work outside callbacks
			st.hideWorks = true;
			$('works').checked = false;
		}
		$('lanes').value = st.mode;
		i = p.cycle ? cycleByIndex(+p.cycle) : -1;
		select(i >= 0 ? i : firstCycle());
		if (p.search) {
			$('search').value = p.search;
			search(p.search);
			draw();
		}
		restoreView(p);
		// from the navigation's start to the first picture: make bench
		$('pmscope-state').setAttribute('data-load-ms', window.performance.now().toFixed(0));
		testHooks(p);
	}

	init();
})();
