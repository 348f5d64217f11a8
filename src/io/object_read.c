/* One object from its spec: a group (with its stabilizer chain) or a Lie
   algebra, the loading path of the command line and of the Python
   package alike. */
#include "lietool/io.h"

lt_status lt_io_object(lt_pgrp_t G, lt_liealg_t L, int is_lie, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    if (is_lie) return lt_io_liealg(L, NULL, spec, ctx, err);
    lt_status st = lt_io_group(G, NULL, spec, ctx, err);
    if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
    return st;
}

const char *lt_io_grammar(int lie)
{
    static const char groups[] =
        "Groups (lietool-formats(5) has the file formats):\n"
        "  S<n> A<n> C<n> Z<n>     symmetric, alternating, cyclic on n points\n"
        "  D<m> Q<m>               dihedral and dicyclic of order m (D8, Q8)\n"
        "  UT(n,p) Heis(p) H3      unitriangular matrices over Z/p; H3 = UT(3,2)\n"
        "  GL(n,q) SL(n,q)         on the q^n - 1 non-zero vectors of GF(q)^n, n >= 2\n"
        "  PSL(n,q) PGL(n,q)       on the (q^n - 1)/(q - 1) projective points; q = p^e\n"
        "  AGL(n,q)                affine maps of GF(q)^n on its q^n vectors (AffineGroup)\n"
        "  Sp(2m,q) PSp(2m,q)      symplectic, on the non-zero vectors / projective points\n"
        "  SU(n,q) PSU(n,q)        special unitary over GF(q^2), likewise\n"
        "  AbelianGroup([2,4]) ElementaryAbelianGroup(8)\n"
        "                          products of cyclic groups, as GAP's constructors\n"
        "  G^k                     the direct product of k copies of G (C2^3, S3^2)\n"
        "  SmallGroup(n,k)         GAP's numbering for n <= 31 and n = p, p^2, p^3, pq\n"
        "  TransitiveGroup(n,k) PrimitiveGroup(n,k)\n"
        "                          GAP's numbering for the degrees n <= 7\n"
        "  G x H, GxH, G_x_H       direct products\n"
        "  G wr H                  WreathProduct(G,H), also written G \u2240 H; A wr B wr C is\n"
        "                          (A wr B) wr C; wr binds tighter than x\n"
        "  Group((1,2,3),(1,2))    GAP syntax (1-based cycles); a trailing ';' is ignored\n"
        "  SymmetricGroup(n) AlternatingGroup(n) CyclicGroup(n) DihedralGroup(m)\n"
        "  QuaternionGroup(m) MathieuGroup(n) GeneralLinearGroup(n,q) ...\n"
        "                          GAP's names (m the order; n = 9..12, 21..24 for Mathieu)\n"
        "  DirectProduct(G,H,...)  WreathProduct(G,H): as GAP builds them (moved points)\n"
        "  FILE.json               a Cayley table {\"name\", \"elements\", \"table\"}\n"
        "  FILE.grp, NAME          a group file; NAME looks in algebras/groups\n";
    static const char algebras[] =
        "Lie algebras over Q (lietool-formats(5) has the file formats):\n"
        "  gl(n) sl(n) so(n) sp(2m)     classical matrix algebras\n"
        "  b(n) n(n)                    upper and strictly upper triangular n x n\n"
        "  heis(2m+1) aff(n) se(2) se(3) abelian(n)\n"
        "  fnil(r,c)                    free nilpotent of rank r and class c\n"
        "  SimpleLieAlgebra(\"A\", n, Rationals)\n"
        "                               GAP's split simple algebras: types A, B, C, D, G2\n"
        "  LieAlgebra(Rationals, [ [[1,0],[0,0]], [[0,1],[0,0]] ])\n"
        "                               the algebra the matrices generate (GAP syntax)\n"
        "  FILE.lie, NAME               an algebra file; NAME looks in algebras/lie\n";
    return lie ? algebras : groups;
}
