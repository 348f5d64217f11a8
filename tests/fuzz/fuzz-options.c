/* The command line's one option parser (cli_getopts, src/cli/opts.c) on
   every command's declaration. The input's first byte picks the command
   (lt_commands, alphabetical), the second a subcommand where the command
   has some; the rest, split at newlines and NULs, is the arguments. The
   parser must return -1 (parsed), 0 (-h printed the usage), 2 (a usage
   error, with its message) or 3/4 (an option value that is invalid input
   or above a limit), and never crash or leak. Each command (and
   subcommand) parses into its own static block, as its command function's
   own structure would be, so that values of one command's options never
   land where another keeps a different type. */
#include <fcntl.h>
#include "fuzz.h"
#include "../../src/cli/cli.h"

#define SUBS 16
#define OWN 16384
static _Alignas(64) unsigned char own[64 * SUBS][OWN];

int LLVMFuzzerInitialize(int *argc, char ***argv) { (void)argc; (void)argv; fuzz_env(); return 0; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || lt_ncommands > 64) return 0;
    const lt_cmd *cmd = &lt_commands[data[0] % lt_ncommands];
    const cli_decl *d = cmd->decl;
    int si = 0;
    if (d && d->subs) {
        int n = 0;
        while (d->subs[n]) n++;
        si = data[1] % n;
        d = d->subs[si];
    }
    if (si >= SUBS) return 0;
    /* argv: the command's name (and the subcommand's), then the pieces */
    size_t len = size - 2;
    char *buf = malloc(len + 1);
    memcpy(buf, data + 2, len);
    buf[len] = '\0';
    int cap = 4, argc = 0;
    for (size_t i = 0; i < len; i++) if (buf[i] == '\n' || buf[i] == '\0') cap++;
    char **argv = malloc((size_t)cap * sizeof *argv);
    argv[argc++] = (char *)cmd->name;
    if (d && d->name) argv[argc++] = (char *)d->name;
    char *p = buf;
    for (size_t i = 0; i <= len; i++)
        if (i == len || buf[i] == '\n' || buf[i] == '\0') {
            buf[i] = '\0';
            if (argc < cap - 1) argv[argc++] = p;
            p = buf + i + 1;
        }
    argv[argc] = NULL;
    /* -h and the usage messages: not the replay's summary */
    fflush(stdout);
    fflush(stderr);
    int out = dup(1), err = dup(2), null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    cli_opts o;
    memset(&o, 0, sizeof o);
    int r = cli_getopts(&o, own[(data[0] % lt_ncommands) * SUBS + si], argc, argv, cmd, d);
    lt_mem_set_limit(0, NULL);      /* the bound --max-memory set is the command's, not the harness's */
    fflush(stdout);
    fflush(stderr);
    dup2(out, 1);
    dup2(err, 2);
    close(out);
    close(err);
    close(null);
    if (r != -1 && r != 0 && r != CLI_USAGE && r != CLI_INPUT && r != CLI_LIMIT) {
        fprintf(stderr, "fuzz: cli_getopts returned %d for lietool %s%s%s\n", r, cmd->name, d && d->name ? " " : "",
                d && d->name ? d->name : "");
        abort();
    }
    cli_free(&o);
    free(argv);
    free(buf);
    return 0;
}
