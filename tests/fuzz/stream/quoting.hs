

# blank lines and comments before the header
hs 1 extra words
task t1 model=rigid size=1 time=1 cmd='it\'s a \\ back\tslash\n' empty='' hash='#x' dq='say "hi"'
frobnicate f1 unknown_key=1 Another.Key=x _u=
task t2 model=rigid size=1 time=1 a=1 a=2 a=3
	# indented comment
node n cores=1
plan t1 node=n cores=0 start=0 end=1
plan t2 node=n cores=0 start=1 end=2 after=t1
#last
