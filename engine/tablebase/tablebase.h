// Public header of the tablebase library: endgame material and names, tables in memory and their probe,
// the generator and its consistency pass, and the table files.
#pragma once

#include "engine/tablebase/generator.h"
#include "engine/tablebase/material.h"
#include "engine/tablebase/table_file.h"
#include "engine/tablebase/table_set.h"
#include "engine/tablebase/table_value.h"
