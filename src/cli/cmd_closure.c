/* lietool closure */
#include "cli.h"

static const cli_choice formats[] = {{"text", 0, 0}, {"json", 1, 0}, {"gap", 2, 0}, {NULL, 0, 0}};
static const cli_optdecl closure_opts[] = {
    {.name = "--format", .kind = CLI_ENUM, .in_opts = 1, CLI_AT(cli_opts, format, int), .choices = formats, .meta = "gap",
     .group = CLI_G_OUTPUT, .help = "text, json (as --json), or gap: GAP's structure-constant table"},
    {0}
};

const cli_decl cli_closure_decl = {
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_FLOAT | CLI_O_LIE_LIMITS, .opts = closure_opts, CLI_ALGEBRA_ARGS,
};

int cmd_closure(int argc, char **argv, const lt_cmd *self)
{
    return cli_lie_cmd(argc, argv, self, 3);
}
