# What `cmake --install` puts under a prefix, and the packages CPack makes of it (`cpack -G DEB` or `TGZ` in a
# build folder; tools/release.sh makes both): the programs in games/ (the .deb: /usr/games, as Debian's
# fairy-stockfish), the data the tools read in share/games/shuai/positions, the manual page shuai.6 and the
# documents. The engine needs no data file: its book is built in.
install(TARGETS shuai shuai-match shuai-stats shuai-tune RUNTIME DESTINATION ${SHUAI_INSTALL_PROGRAM_DIR})
install(FILES positions/openings.fen positions/phases-public.tsv positions/phases-selfplay.tsv positions/bench.fen
              positions/mht-bench.fen positions/tactics.epd positions/mates.epd positions/opening-book.bin
        DESTINATION ${SHUAI_INSTALL_DATA_DIR}/positions)
install(FILES docs/shuai.6 DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
install(FILES README.md CONTRIBUTING.md LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs FILES_MATCHING PATTERN "*.md" PATTERN "*.png" PATTERN "*.svg")

set(CPACK_PACKAGE_NAME shuai)
set(CPACK_PACKAGE_VENDOR "The Shuai developers")
set(CPACK_PACKAGE_CONTACT "The Shuai developers <shuai@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Xiangqi (Chinese chess) engine speaking UCCI, UCI and CECP")
set(CPACK_PACKAGE_DESCRIPTION
    "Shuai is a Xiangqi engine with a majors/minors evaluation cached in a Minors Hash Table and a DTS-style
 parallel search with lockless tables. It speaks UCCI, UCI and CECP (XBoard), and comes with a match runner,
 an evaluation and search tuner, and the statistics runs of the Minors Hash Table paper.")
set(CPACK_PACKAGE_FILE_NAME "shuai-${PROJECT_VERSION}-linux-x86_64")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # the libraries' packages (libc6, libfmt9, ...) from dpkg-shlibdeps
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR "DEB;TGZ")
include(CPack)
