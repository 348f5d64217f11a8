/* lietool: the algebra behind state tracking in sequence models. One
   header per module folder of src/ (docs/ARCHITECTURE.md). */
#ifndef LIETOOL_H
#define LIETOOL_H
#include "lietool/core.h"
#include "lietool/perm.h"
#include "lietool/liealg.h"
#include "lietool/free.h"
#include "lietool/rep.h"
#include "lietool/chartab.h"
#include "lietool/depth.h"
#include "lietool/model.h"
#include "lietool/ssm.h"
#include "lietool/rotation.h"
#include "lietool/dataset.h"
#include "lietool/io.h"
#include "lietool/plot.h"
#include "lietool/doc.h"
#include "lietool/write.h"
#include "lietool/job.h"
#endif
