/* lietool: the algebra behind state tracking in sequence models. */
#ifndef LIETOOL_H
#define LIETOOL_H
#include "lietool/core.h"
#include "lietool/perm.h"
#include "lietool/perm.h"
#include "lietool/io.h"
#include "lietool/io.h"
#include "lietool/liealg.h"
#include "lietool/liealg.h"
#include "lietool/free.h"
#include "lietool/rep.h"
#include "lietool/depth.h"
#include "lietool/dataset.h"
#include "lietool/ssm.h"
#include "lietool/plot.h"
#include "lietool/doc.h"
#include "lietool/write.h"
#include "lietool/job.h"
#include "lietool/chartab.h"
#endif
