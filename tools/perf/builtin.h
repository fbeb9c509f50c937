/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_BUILTIN_H
#define __PERF_BUILTIN_H

extern const char perf_version_string[];

int cmd_annotate(int argc, const char **argv);
int cmd_report(int argc, const char **argv);
int cmd_script(int argc, const char **argv);
int cmd_script_report(int argc, const char **argv);
int cmd_data(int argc, const char **argv);
int cmd_evlist(int argc, const char **argv);
int cmd_inject(int argc, const char **argv);
int cmd_list(int argc, const char **argv);
int cmd_record(int argc, const char **argv);
int cmd_top(int argc, const char **argv);
int cmd_version(int argc, const char **argv);
int cmd_help(int argc, const char **argv);

#endif /* __PERF_BUILTIN_H */
