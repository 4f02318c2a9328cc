hs 1
prov gen tool=hs-gen version=0.1.0 gen=ptask n=4 swf=none max_size=16 sizes=log lt=3600 ut=86400 fcomp=1000000 fcomm=10000000 fw=1000 release=zero scope=cluster platform=/tmp/dh.hs seed=1
prov plan tool=hs-plan version=0.1.0 algo=datap-ef plugin=listsched opts=order=seq,pick=ef time=0.000022
prov sim tool=hs-sim version=0.1.0 model=flow solver=maxmin tcp_gamma=4194304 energy_model=host makespan=2241223.302285041 energy=0
platform dutot-homo ref_flops=286097 backbone_bw=1250000000 backbone_lat=2.4e-08
cluster c1 bw=1250000 lat=2.4e-08 sharing=splitduplex bb_bw=1250000000 bb_lat=0
node n1 cluster=c1 cores=1 speed=1
node n2 cluster=c1 cores=1 speed=1
node n3 cluster=c1 cores=1 speed=1
node n4 cluster=c1 cores=1 speed=1
node n5 cluster=c1 cores=1 speed=1
node n6 cluster=c1 cores=1 speed=1
node n7 cluster=c1 cores=1 speed=1
node n8 cluster=c1 cores=1 speed=1
node n9 cluster=c1 cores=1 speed=1
node n10 cluster=c1 cores=1 speed=1
node n11 cluster=c1 cores=1 speed=1
node n12 cluster=c1 cores=1 speed=1
node n13 cluster=c1 cores=1 speed=1
node n14 cluster=c1 cores=1 speed=1
node n15 cluster=c1 cores=1 speed=1
node n16 cluster=c1 cores=1 speed=1
cluster c2 bw=1250000 lat=2.4e-08 sharing=splitduplex bb_bw=1250000000 bb_lat=0
node n17 cluster=c2 cores=1 speed=1
node n18 cluster=c2 cores=1 speed=1
node n19 cluster=c2 cores=1 speed=1
node n20 cluster=c2 cores=1 speed=1
node n21 cluster=c2 cores=1 speed=1
node n22 cluster=c2 cores=1 speed=1
node n23 cluster=c2 cores=1 speed=1
node n24 cluster=c2 cores=1 speed=1
node n25 cluster=c2 cores=1 speed=1
node n26 cluster=c2 cores=1 speed=1
node n27 cluster=c2 cores=1 speed=1
node n28 cluster=c2 cores=1 speed=1
node n29 cluster=c2 cores=1 speed=1
node n30 cluster=c2 cores=1 speed=1
node n31 cluster=c2 cores=1 speed=1
node n32 cluster=c2 cores=1 speed=1
cluster c3 bw=1250000 lat=2.4e-08 sharing=splitduplex bb_bw=1250000000 bb_lat=0
node n33 cluster=c3 cores=1 speed=1
node n34 cluster=c3 cores=1 speed=1
node n35 cluster=c3 cores=1 speed=1
node n36 cluster=c3 cores=1 speed=1
node n37 cluster=c3 cores=1 speed=1
node n38 cluster=c3 cores=1 speed=1
node n39 cluster=c3 cores=1 speed=1
node n40 cluster=c3 cores=1 speed=1
node n41 cluster=c3 cores=1 speed=1
node n42 cluster=c3 cores=1 speed=1
node n43 cluster=c3 cores=1 speed=1
node n44 cluster=c3 cores=1 speed=1
node n45 cluster=c3 cores=1 speed=1
node n46 cluster=c3 cores=1 speed=1
node n47 cluster=c3 cores=1 speed=1
node n48 cluster=c3 cores=1 speed=1
cluster c4 bw=1250000 lat=2.4e-08 sharing=splitduplex bb_bw=1250000000 bb_lat=0
node n49 cluster=c4 cores=1 speed=1
node n50 cluster=c4 cores=1 speed=1
node n51 cluster=c4 cores=1 speed=1
node n52 cluster=c4 cores=1 speed=1
node n53 cluster=c4 cores=1 speed=1
node n54 cluster=c4 cores=1 speed=1
node n55 cluster=c4 cores=1 speed=1
node n56 cluster=c4 cores=1 speed=1
node n57 cluster=c4 cores=1 speed=1
node n58 cluster=c4 cores=1 speed=1
node n59 cluster=c4 cores=1 speed=1
node n60 cluster=c4 cores=1 speed=1
node n61 cluster=c4 cores=1 speed=1
node n62 cluster=c4 cores=1 speed=1
node n63 cluster=c4 cores=1 speed=1
node n64 cluster=c4 cores=1 speed=1
cluster c5 bw=1250000 lat=2.4e-08 sharing=splitduplex bb_bw=1250000000 bb_lat=0
node n65 cluster=c5 cores=1 speed=1
node n66 cluster=c5 cores=1 speed=1
node n67 cluster=c5 cores=1 speed=1
node n68 cluster=c5 cores=1 speed=1
node n69 cluster=c5 cores=1 speed=1
node n70 cluster=c5 cores=1 speed=1
node n71 cluster=c5 cores=1 speed=1
node n72 cluster=c5 cores=1 speed=1
node n73 cluster=c5 cores=1 speed=1
node n74 cluster=c5 cores=1 speed=1
node n75 cluster=c5 cores=1 speed=1
node n76 cluster=c5 cores=1 speed=1
node n77 cluster=c5 cores=1 speed=1
node n78 cluster=c5 cores=1 speed=1
node n79 cluster=c5 cores=1 speed=1
node n80 cluster=c5 cores=1 speed=1
cluster c6 bw=1250000 lat=2.4e-08 sharing=splitduplex bb_bw=1250000000 bb_lat=0
node n81 cluster=c6 cores=1 speed=1
node n82 cluster=c6 cores=1 speed=1
node n83 cluster=c6 cores=1 speed=1
node n84 cluster=c6 cores=1 speed=1
node n85 cluster=c6 cores=1 speed=1
node n86 cluster=c6 cores=1 speed=1
node n87 cluster=c6 cores=1 speed=1
node n88 cluster=c6 cores=1 speed=1
node n89 cluster=c6 cores=1 speed=1
node n90 cluster=c6 cores=1 speed=1
node n91 cluster=c6 cores=1 speed=1
node n92 cluster=c6 cores=1 speed=1
node n93 cluster=c6 cores=1 speed=1
node n94 cluster=c6 cores=1 speed=1
node n95 cluster=c6 cores=1 speed=1
node n96 cluster=c6 cores=1 speed=1
cluster c7 bw=1250000 lat=2.4e-08 sharing=splitduplex bb_bw=1250000000 bb_lat=0
node n97 cluster=c7 cores=1 speed=1
node n98 cluster=c7 cores=1 speed=1
node n99 cluster=c7 cores=1 speed=1
node n100 cluster=c7 cores=1 speed=1
node n101 cluster=c7 cores=1 speed=1
node n102 cluster=c7 cores=1 speed=1
node n103 cluster=c7 cores=1 speed=1
node n104 cluster=c7 cores=1 speed=1
node n105 cluster=c7 cores=1 speed=1
node n106 cluster=c7 cores=1 speed=1
node n107 cluster=c7 cores=1 speed=1
node n108 cluster=c7 cores=1 speed=1
node n109 cluster=c7 cores=1 speed=1
node n110 cluster=c7 cores=1 speed=1
node n111 cluster=c7 cores=1 speed=1
node n112 cluster=c7 cores=1 speed=1
cluster c8 bw=1250000 lat=2.4e-08 sharing=splitduplex bb_bw=1250000000 bb_lat=0
node n113 cluster=c8 cores=1 speed=1
node n114 cluster=c8 cores=1 speed=1
node n115 cluster=c8 cores=1 speed=1
node n116 cluster=c8 cores=1 speed=1
node n117 cluster=c8 cores=1 speed=1
node n118 cluster=c8 cores=1 speed=1
node n119 cluster=c8 cores=1 speed=1
node n120 cluster=c8 cores=1 speed=1
node n121 cluster=c8 cores=1 speed=1
node n122 cluster=c8 cores=1 speed=1
node n123 cluster=c8 cores=1 speed=1
node n124 cluster=c8 cores=1 speed=1
node n125 cluster=c8 cores=1 speed=1
node n126 cluster=c8 cores=1 speed=1
node n127 cluster=c8 cores=1 speed=1
node n128 cluster=c8 cores=1 speed=1
task j1 model=rigid size=7 time=46692.15213093736 walltime=46692152.13093736 comp=46692152130.937355 comm=466921521309.37354 scope=cluster
task j2 model=rigid size=3 time=61326.372891164814 walltime=61326372.89116482 comp=61326372891.16482 comm=613263728911.6482 scope=cluster
task j3 model=rigid size=1 time=35162.07218598314 walltime=35162072.18598314 comp=35162072185.98314 comm=351620721859.8314
task j4 model=rigid size=4 time=80816.99820347286 walltime=80816998.20347285 comp=80816998203.47285 comm=808169982034.7286 scope=cluster
plan j1 node=n1,n2,n3,n4,n5,n6,n7 cores=0/0/0/0/0/0/0 start=0 end=46692.15213093736
plan j2 node=n12,n13,n14 cores=0/0/0 start=0 end=61326.372891164814
plan j3 node=n15 cores=0 start=0 end=35162.07218598314
plan j4 node=n8,n9,n10,n11 cores=0/0/0/0 start=0 end=80816.99820347286
run j1 node=n1,n2,n3,n4,n5,n6,n7 cores=0/0/0/0/0/0/0 start=0 end=2241223.302285041 state=done energy=0
run j2 node=n12,n13,n14 cores=0/0/0 start=0 end=981221.966258685 state=done energy=0
run j3 node=n15 cores=0 start=0 end=122902.62458530896 state=done energy=0
run j4 node=n8,n9,n10,n11 cores=0/0/0/0 start=0 end=1939607.956883397 state=done energy=0
end stream records=152 tasks=4 plans=4 runs=4
