// SPDX-License-Identifier: GPL-2.0
/*
 * The pager for terminal output.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pager.h"

static pid_t pager_pid = -1;

int pager__setup(void)
{
	const char *pager = getenv("PAGER");
	int fds[2];
	pid_t pid;

	if (!isatty(STDOUT_FILENO))
		return 0;
	if (!pager)
		pager = "less";
	if (!*pager || !strcmp(pager, "cat"))
		return 0;
	if (pipe(fds))
		return -errno;
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -errno;
	}
	if (pid == 0) {
		dup2(fds[0], STDIN_FILENO);
		close(fds[0]);
		close(fds[1]);
		setenv("LESS", "FRSX", 0);
		execlp("sh", "sh", "-c", pager, (char *)NULL);
		_exit(127);
	}
	dup2(fds[1], STDOUT_FILENO);
	close(fds[0]);
	close(fds[1]);
	/* the pager may quit early: writes then fail instead of killing us */
	signal(SIGPIPE, SIG_IGN);
	pager_pid = pid;
	return 0;
}

void pager__finish(void)
{
	int status;

	if (pager_pid < 0)
		return;
	fflush(stdout);
	close(STDOUT_FILENO);
	while (waitpid(pager_pid, &status, 0) < 0 && errno == EINTR)
		;
	pager_pid = -1;
}
