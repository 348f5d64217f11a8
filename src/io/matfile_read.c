/* Matrix files of magnus --matrices (lietool-formats(5)): the file read,
   its text parsed by lt_free_matfile_parse. */
#include "lietool/free.h"
#include "lietool/io.h"

lt_status lt_io_matfile_read(lt_matfile_t F, const char *path, const lt_ctx_t ctx, lt_err_t err)
{
    size_t len;
    char *text = lt_io_read_file(path, &len, 1, ctx, err);
    if (!text) return err->status;
    lt_status st = lt_free_matfile_parse(F, text, path, ctx, err);
    lt_free(text);
    return st;
}
