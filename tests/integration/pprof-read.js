// SPDX-License-Identifier: GPL-2.0
//
// pprof-read.js FILE.pb.gz: an independent reader of our pprof output (the
// npm package pprof-format, whose path is in $PPROF_FORMAT), printing
//   types <type/unit,...>
//   strings0 <"" or what string 0 is>
//   total <the sum of the first value>
//   labelled <samples with pid, tid and comm labels> of <samples>
//   flat <count> <function>	(one line per leaf function)
'use strict';
const fs = require('fs');
const zlib = require('zlib');
const { Profile } = require(process.env.PPROF_FORMAT || 'pprof-format');

const p = Profile.decode(zlib.gunzipSync(fs.readFileSync(process.argv[2])));
const str = (i) => p.stringTable.strings[Number(i)];
const fn = new Map(p.function.map((f) => [Number(f.id), str(f.name)]));
const loc = new Map(p.location.map((l) => [Number(l.id), l]));
let total = 0, labelled = 0;
const flat = new Map();

console.log('types ' + p.sampleType.map((t) => str(t.type) + '/' + str(t.unit)).join(','));
console.log('strings0 "' + str(0) + '"');
for (const s of p.sample) {
	const v = Number(s.value[0]);
	const keys = new Set(s.label.map((l) => str(l.key)));
	const leaf = loc.get(Number(s.locationId[0]));
	const name = fn.get(Number(leaf.line[0].functionId));

	total += v;
	if (keys.has('pid') && keys.has('tid') && keys.has('comm'))
		labelled++;
	flat.set(name, (flat.get(name) || 0) + v);
}
console.log('total ' + total);
console.log('labelled ' + labelled + ' of ' + p.sample.length);
for (const [name, v] of flat)
	console.log('flat ' + v + ' ' + name);
