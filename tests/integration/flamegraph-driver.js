// SPDX-License-Identifier: GPL-2.0
//
// A test's driver of the flame graph page, put into a copy of it before
// </body>: it hovers, clicks, zooms, toggles and searches as a person
// would, then writes what it saw into <body data-drive-*> attributes for
// `chromium --dump-dom` to show.  $NAME is replaced by a frame's name.
(function () {
	var body = document.body, chart = document.getElementById('chart');
	var want = '$NAME', res = {}, frames, el, i;

	function find(name) {
		var all = chart.querySelectorAll('.f');

		for (var j = 0; j < all.length; j++)
			if (all[j].textContent === name && !all[j].classList.contains('anc'))
				return all[j];
		return null;
	}
	frames = chart.querySelectorAll('.f').length;
	el = find(want);
	res.found = el ? 'yes' : 'no';
	if (el) {
		el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
		res.hover = document.getElementById('details').textContent;
		el.click();
		el = find(want);
		res.zoomWidth = el ? Math.round(parseFloat(el.style.width)) : -1;
		res.chartWidth = chart.clientWidth;
		res.ancestors = chart.querySelectorAll('.f.anc').length;
		res.zoomFrames = chart.querySelectorAll('.f').length;
		document.getElementById('toggle').click();
		el = find(want);
		res.flameTop = el ? parseFloat(el.style.top) : -1;
		res.toggleText = document.getElementById('toggle').textContent;
		document.getElementById('toggle').click();
		document.getElementById('reset').click();
		res.resetFrames = chart.querySelectorAll('.f').length;
		res.frames = frames;
		document.getElementById('search').value = want;
		document.getElementById('search-form').requestSubmit();
		res.matched = document.getElementById('matched').textContent;
		res.highlighted = chart.querySelectorAll('.f.match').length;
		document.getElementById('clear').click();
		res.cleared = chart.querySelectorAll('.f.match').length;
	}
	for (i in res)
		body.setAttribute('data-drive-' + i.toLowerCase(), String(res[i]));
}());
