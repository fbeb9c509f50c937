// SPDX-License-Identifier: GPL-2.0
//
// perf's flame graph page: draws the call tree the page carries as JSON
// (#fg-data) with one absolutely placed element per visible frame.
//
// The tree comes in preorder, a fixed number of numbers per node:
//   name, dso (string indexes), kind (index into kinds), number of
//   children, samples, period[, base period (differential)]
// so a node's subtree is the range [i, end[i]) and its first child i + 1.
'use strict';

(function () {
	var FRAME_H = 17;	// px per level, as .f's height in the style sheet
	var MIN_W = 0.4;	// px: narrower frames (and what is below them) are not drawn

	var data = JSON.parse(document.getElementById('fg-data').textContent);
	var strs = data.strings;
	var kinds = data.kinds;
	var diff = !!data.diff;
	var stride = diff ? 7 : 6;
	var raw = data.nodes;
	var n = raw.length / stride;

	var nameOf = new Int32Array(n), dsoOf = new Int32Array(n);
	var kindOf = new Uint8Array(n), depthOf = new Int32Array(n);
	var parentOf = new Int32Array(n), endOf = new Int32Array(n);
	var samplesOf = new Float64Array(n), periodOf = new Float64Array(n);
	var baseOf = diff ? new Float64Array(n) : null;
	var shadeOf = new Uint8Array(strs.length);
	var matchStr = new Uint8Array(strs.length);
	var maxDepth = 0;

	(function build() {
		var open = [], left = [], i, o;

		for (i = 0; i < n; i++) {
			o = i * stride;
			nameOf[i] = raw[o];
			dsoOf[i] = raw[o + 1];
			kindOf[i] = raw[o + 2];
			samplesOf[i] = raw[o + 4];
			periodOf[i] = raw[o + 5];
			if (diff)
				baseOf[i] = raw[o + 6];
			if (open.length) {
				parentOf[i] = open[open.length - 1];
				left[left.length - 1]--;
			} else {
				parentOf[i] = -1;
			}
			depthOf[i] = open.length;
			if (open.length > maxDepth)
				maxDepth = open.length;
			open.push(i);
			left.push(raw[o + 3]);
			while (open.length && left[left.length - 1] === 0) {
				endOf[open.pop()] = i + 1;
				left.pop();
			}
		}
		// shades: a small hash of the name, so neighbours differ
		for (i = 0; i < strs.length; i++) {
			var h = 0, s = strs[i], j;

			for (j = 0; j < s.length; j++)
				h = (h * 31 + s.charCodeAt(j)) | 0;
			shadeOf[i] = (h >>> 3) & 3;
		}
	}());

	var total = n ? periodOf[0] : 0;
	var totalSamples = n ? samplesOf[0] : 0;
	var chart = document.getElementById('chart');
	var details = document.getElementById('details');
	var matchedEl = document.getElementById('matched');
	var searchEl = document.getElementById('search');
	var toggleEl = document.getElementById('toggle');
	var zoomed = 0;
	// icicle (root on top) unless the fragment says #flame
	var icicle = !/(?:^#|&)flame\b/.test(location.hash);
	var query = '';

	// the largest change of share, for the differential scale
	var maxDelta = 0;
	if (diff) {
		for (var d = 0; d < n; d++) {
			var delta = Math.abs(share(d) - baseShare(d));

			if (delta > maxDelta)
				maxDelta = delta;
		}
	}

	function share(i) {
		return total ? periodOf[i] / total : 0;
	}

	function baseShare(i) {
		return data.baseTotal ? baseOf[i] / data.baseTotal : 0;
	}

	function pct(x) {
		return (100 * x).toFixed(2) + '%';
	}

	function escapeHtml(s) {
		return s.replace(/[&<>"]/g, function (c) {
			return c === '&' ? '&amp;' : c === '<' ? '&lt;' :
			       c === '>' ? '&gt;' : '&quot;';
		});
	}

	function diffClass(i) {
		if (!maxDelta)
			return ' d0';
		var b = Math.round(5 * (share(i) - baseShare(i)) / maxDelta);

		return ' d' + Math.max(-5, Math.min(5, b));
	}

	function frameClass(i) {
		var c = 'f k-' + kinds[kindOf[i]] + ' v' + shadeOf[nameOf[i]];

		if (diff)
			c += diffClass(i);
		if (query && matchStr[nameOf[i]])
			c += ' match';
		return c;
	}

	function selfSamples(i) {
		var s = samplesOf[i], c;

		for (c = i + 1; c < endOf[i]; c = endOf[c])
			s -= samplesOf[c];
		return s;
	}

	// Collect the frames wide enough to see, then write them in one go;
	// again when that changed the width (a scroll bar came or went).
	function render(again) {
		var width = chart.clientWidth || 1000;
		var rows = [], i, a, html = [], deepest = 0;

		if (!n) {
			chart.textContent = 'no samples';
			return 0;
		}
		// the ancestors of the zoomed frame: full width, dimmed
		for (a = parentOf[zoomed]; a >= 0; a = parentOf[a])
			rows.push([a, 0, width, ' anc']);
		(function walk(i, x, scale) {
			var w = periodOf[i] * scale, c, cx = x;

			if (w < MIN_W)
				return;
			rows.push([i, x, w, '']);
			if (depthOf[i] > deepest)
				deepest = depthOf[i];
			for (c = i + 1; c < endOf[i]; c = endOf[c]) {
				walk(c, cx, scale);
				cx += periodOf[c] * scale;
			}
		}(zoomed, 0, periodOf[zoomed] ? width / periodOf[zoomed] : 0));
		for (i = 0; i < rows.length; i++) {
			var r = rows[i], node = r[0];
			var level = icicle ? depthOf[node] : deepest - depthOf[node];
			var y = level * FRAME_H;

			var name = escapeHtml(strs[nameOf[node]]);

			// the title: what a tooltip and a screen reader give
			html.push('<div class="', frameClass(node), r[3], '" data-i="', node,
				  '" title="', name, ' (', pct(share(node)), ')" style="left:',
				  r[1].toFixed(1), 'px;width:', r[2].toFixed(1), 'px;top:', y, 'px">',
				  name, '</div>');
		}
		chart.style.height = ((deepest + 1) * FRAME_H) + 'px';
		chart.innerHTML = html.join('');
		if (!again && chart.clientWidth && chart.clientWidth !== width)
			return render(true);
		return rows.length;
	}

	// The share of the samples with a matching frame: each counted once,
	// at its outermost match (a subtree is [i, end[i]) in preorder).
	function search(q) {
		var re = null, m, i, sum = 0, sumSamples = 0, until = 0;

		query = q;
		matchStr.fill(0);
		if (q) {
			m = /^\/(.*)\/([a-z]*)$/.exec(q);
			if (m) {
				try {
					re = new RegExp(m[1], m[2]);
				} catch (e) {
					re = null;
				}
			}
			for (i = 0; i < strs.length; i++)
				matchStr[i] = re ? re.test(strs[i]) : strs[i].indexOf(q) >= 0;
			for (i = 0; i < n; i++) {
				if (i < until || !matchStr[nameOf[i]] || kindOf[i] === 0)
					continue;
				sum += periodOf[i];
				sumSamples += samplesOf[i];
				until = endOf[i];
			}
		}
		if (q) {
			matchedEl.textContent = 'Matched: ' + pct(total ? sum / total : 0) + ' (' +
				sumSamples + ' of ' + totalSamples + ' samples)';
			matchedEl.setAttribute('data-share',
					       total ? (100 * sum / total).toFixed(4) : '0');
			matchedEl.setAttribute('data-samples', String(sumSamples));
		} else {
			matchedEl.textContent = '';
			matchedEl.removeAttribute('data-share');
			matchedEl.removeAttribute('data-samples');
		}
		render();
	}

	function describe(i) {
		var parts = [strs[nameOf[i]]];

		if (dsoOf[i])
			parts.push('dso ' + strs[dsoOf[i]]);
		parts.push(data.kindLabels[kindOf[i]]);
		parts.push(samplesOf[i] + ' samples (' + pct(share(i)) + ')');
		parts.push('self ' + selfSamples(i));
		if (zoomed)
			parts.push(pct(periodOf[zoomed] ? periodOf[i] / periodOf[zoomed] : 0) +
				   ' of the zoomed frame');
		if (diff) {
			var ch = share(i) - baseShare(i);

			parts.push('base ' + pct(baseShare(i)) + ', change ' +
				   (ch >= 0 ? '+' : '') + (100 * ch).toFixed(2) + ' pp');
		}
		return parts.join(' \u2014 ');
	}

	function frameOf(ev) {
		var el = ev.target;

		while (el && el !== chart && !(el.classList && el.classList.contains('f')))
			el = el.parentNode;
		return el && el !== chart ? el : null;
	}

	chart.addEventListener('mouseover', function (ev) {
		var el = frameOf(ev);

		if (el)
			details.textContent = describe(+el.getAttribute('data-i'));
	});
	chart.addEventListener('mouseout', function () {
		details.textContent = '\u00a0';
	});
	chart.addEventListener('click', function (ev) {
		var el = frameOf(ev);

		if (!el)
			return;
		zoomed = +el.getAttribute('data-i');
		render();
	});
	document.getElementById('reset').addEventListener('click', function () {
		zoomed = 0;
		render();
	});
	toggleEl.addEventListener('click', function () {
		icicle = !icicle;
		toggleEl.textContent = icicle ? 'Flame' : 'Icicle';
		render();
	});
	document.getElementById('search-form').addEventListener('submit', function (ev) {
		ev.preventDefault();
		search(searchEl.value);
		if (window.history && history.replaceState)
			history.replaceState(null, '', searchEl.value ?
					     '#q=' + encodeURIComponent(searchEl.value) : '#');
	});
	document.getElementById('clear').addEventListener('click', function () {
		searchEl.value = '';
		search('');
	});
	window.addEventListener('resize', function () {
		render();
	});
	toggleEl.textContent = icicle ? 'Flame' : 'Icicle';

	(function legend() {
		var el = document.getElementById('legend'), seen = {}, i, html = [];

		for (i = 0; i < n; i++)
			seen[kindOf[i]] = true;
		// a differential page is coloured by change alone: its scale is the legend
		for (i = 1; i < kinds.length && !diff; i++) {
			if (!seen[i])
				continue;
			html.push('<span class="key"><span class="sw k-', kinds[i], '"></span>',
				  escapeHtml(data.kindLabels[i]), '</span>');
		}
		if (diff)
			html.push('<span class="key"><span class="sw d-5"></span>share fell</span>',
				  '<span class="key"><span class="sw d5"></span>share grew</span>');
		el.innerHTML = html.join('');
	}());

	var m = /(?:^#|&)q=([^&]*)/.exec(location.hash);
	var drawn;

	if (m) {
		searchEl.value = decodeURIComponent(m[1]);
		search(searchEl.value);
		drawn = chart.childNodes.length;
	} else {
		drawn = render();
	}
	// the time to here (parsing, the tree, the first layout): tests and bench/ read it
	void chart.offsetHeight;
	document.body.setAttribute('data-frames', String(drawn));
	document.body.setAttribute('data-render-ms', performance.now().toFixed(1));
}());
