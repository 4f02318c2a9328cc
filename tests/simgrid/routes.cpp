// routes.cpp - SimGrid's view of a platform file, for tests/0330: hosts
// (speed, cores), then the route between every ordered pair of hosts (a
// host to itself included) as its latency and its links' bandwidth,
// latency and sharing, in the format of routes.c.  Build: g++ routes.cpp
// -lsimgrid.
#include <simgrid/s4u.hpp>
#include <algorithm>
#include <cstdio>

namespace sg4 = simgrid::s4u;

int main(int argc, char** argv)
{
  sg4::Engine e(&argc, argv);
  e.load_platform(argv[1]);
  e.seal_platform(); // Floyd's tables and the loopbacks are made here
  auto hosts = e.get_all_hosts();
  std::sort(hosts.begin(), hosts.end(), [](auto a, auto b) { return a->get_name() < b->get_name(); });
  for (auto h : hosts)
    printf("host %s speed=%.17g cores=%d\n", h->get_cname(), h->get_speed(), h->get_core_count());
  for (auto a : hosts)
    for (auto b : hosts) {
      std::vector<sg4::Link*> r;
      double lat = 0;
      try {
        a->route_to(b, r, &lat);
      } catch (std::exception&) {
        printf("route %s %s: none\n", a->get_cname(), b->get_cname());
        continue;
      }
      printf("route %s %s lat=%.17g:", a->get_cname(), b->get_cname(), lat);
      for (auto l : r)
        printf(" %.17g/%.17g/%s", l->get_bandwidth(), l->get_latency(),
               l->get_sharing_policy() == sg4::Link::SharingPolicy::FATPIPE ? "fatpipe" : "shared");
      printf("\n");
    }
  return 0;
}
