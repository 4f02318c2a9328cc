/* nosym.c - a shared object without the hs_plugin symbol: the loader must
 * say "not an hs plugin (no symbol 'hs_plugin')". */
int hs_test_nosym_answer(void);
int hs_test_nosym_answer(void)
{
	return 42;
}
