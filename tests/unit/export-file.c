// SPDX-License-Identifier: GPL-2.0
/* util/export-file.c: nothing under the name until commit; abort leaves nothing. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "tap.h"
#include "util/export-file.h"

int main(void)
{
	char dir[] = "/tmp/export-file-test.XXXXXX", path[256], buf[16];
	struct export_file f;
	struct stat st;
	FILE *fp;

	ok(mkdtemp(dir) != NULL, "scratch directory");
	snprintf(path, sizeof(path), "%s/out.html", dir);
	is_int(export_file__open(&f, path), 0, "open");
	ok(write(f.fd, "new", 3) == 3, "write");
	ok(stat(path, &st) != 0, "nothing under the name before commit");
	is_int(export_file__commit(&f), 0, "commit");
	fp = fopen(path, "r");
	ok(fp && fgets(buf, sizeof(buf), fp) && !strcmp(buf, "new"), "the file after commit");
	if (fp)
		fclose(fp);

	is_int(export_file__open(&f, path), 0, "open again");
	ok(write(f.fd, "half", 4) == 4, "write");
	export_file__abort(&f);
	fp = fopen(path, "r");
	ok(fp && fgets(buf, sizeof(buf), fp) && !strcmp(buf, "new"),
	   "abort: the old file stays as it was");
	if (fp)
		fclose(fp);
	unlink(path);
	ok(rmdir(dir) == 0, "no temporary file left behind");

	snprintf(path, sizeof(path), "%s/no/such/dir/x", dir);
	ok(export_file__open(&f, path) < 0, "a directory that is not there: -errno");
	is_int(export_file__open(&f, "-"), 0, "\"-\": standard output");
	is_int(f.fd, STDOUT_FILENO, "its descriptor");
	is_int(export_file__commit(&f), 0, "commit of standard output");
	done_testing();
}
