// The routing table: a memory with one synchronous write port and NumReads combinational read
// ports. It has no reset, so it can be loaded while the router is held in reset; an entry never
// written reads as the simulator's initial value (zero in Verilator: no candidate port).
module hx_route_table #(
  /// Address bits: 2**AddrWidth entries.
  parameter int unsigned AddrWidth = 12,
  /// Bits per entry.
  parameter int unsigned DataWidth = 10,
  /// Read ports.
  parameter int unsigned NumReads = 15
) (
  /// Clock.
  input  logic                                clk_i,
  /// Write wdata_i at waddr_i at the next rising edge.
  input  logic                                we_i,
  /// The entry to write.
  input  logic [AddrWidth-1:0]                waddr_i,
  /// The value to write.
  input  logic [DataWidth-1:0]                wdata_i,
  /// The entry each read port reads.
  input  logic [NumReads-1:0][AddrWidth-1:0]  raddr_i,
  /// The entry each read port reads, as stored before the next rising edge.
  output logic [NumReads-1:0][DataWidth-1:0]  rdata_o
);

  logic [DataWidth-1:0] mem_q [2**AddrWidth];

  always_ff @(posedge clk_i) begin
    if (we_i) begin
      mem_q[waddr_i] <= wdata_i;
    end
  end

  for (genvar r = 0; r < NumReads; r++) begin : gen_read
    assign rdata_o[r] = mem_q[raddr_i[r]];
  end

endmodule
