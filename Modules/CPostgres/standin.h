#ifndef CPOSTGRES_STANDIN_H
#define CPOSTGRES_STANDIN_H
/* What cpostgres.c asks of standin.c when it loads libpq; not part of the module's API. */

/* A stand-in for the libldap libpq needs (cpg_standin_open), loaded before libpq, made once
   and then the same on every call; NULL when none was made: libpq needs no libldap, names
   folders of its own (DT_RPATH, DT_RUNPATH), libldap is loaded already, LD_LIBRARY_PATH is
   set, or the files are not where the system's libraries are. *libpq_path is then the libpq the
   stand-in was made for, which the caller checks is the one the loader loads. */
void *cpg_libpq_ldap_standin(const char **libpq_path);

/* Unloads a stand-in libpq did not load with; no other is made in this process. */
void cpg_libpq_ldap_standin_dropped(void *standin);

#endif
