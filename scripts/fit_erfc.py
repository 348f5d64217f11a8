#!/usr/bin/env python3
"""The coefficients of lt_mdl_gelu_all (src/model/kernels.c): erfc(a) =
t exp(-a^2 + P(t)), t = 1 / (1 + a/2), the form of Numerical Recipes'
section 6.2; P of degree 9 fitted here (least squares on 4000 Chebyshev
nodes of t in [1/6, 1], that is a in [0, 10]) to log(erfc(a) / t) + a^2,
with Python's math.erfc in double. Prints the coefficients (constant
first) and the largest relative error of erfc on a fine grid of [0, 10].

    /usr/bin/python3 scripts/fit_erfc.py
"""
import math
import numpy as np

erfc = np.vectorize(math.erfc)
tmin = 1.0 / (1 + 10 / 2)
k = np.arange(4000)
t = 0.5 * (1 + tmin) + 0.5 * (1 - tmin) * np.cos(np.pi * (k + 0.5) / 4000)
a = 2 * (1 / t - 1)
c = np.polynomial.chebyshev.Chebyshev.fit(t, np.log(erfc(a) / t) + a * a, 9, domain=[tmin, 1])
coef = c.convert(kind=np.polynomial.Polynomial, domain=[-1, 1], window=[-1, 1]).coef
aa = np.linspace(0, 10, 200001)
tt = 1 / (1 + aa / 2)
rel = np.max(np.abs(tt * np.exp(-aa * aa + np.polyval(coef[::-1], tt)) / erfc(aa) - 1))
print(", ".join("%.9g" % x for x in coef))
print("max relative error of erfc on [0, 10]: %.2e" % rel)
